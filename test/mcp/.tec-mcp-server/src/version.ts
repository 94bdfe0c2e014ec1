// This file is auto-generated during build
export const VERSION = '0.1.6';
