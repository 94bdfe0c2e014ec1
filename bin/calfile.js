#!/usr/bin/env node
import '../dist/bin/main.js'
