{
  "targets": [
    {
      "target_name": "rename_exchange",
      "sources": ["rename-exchange.c"],
      "cflags": ["-O2", "-Wall"]
    }
  ]
}
