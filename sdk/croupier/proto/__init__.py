"""The wire contract of croupier: code generated from proto/ by proto/generate.py."""
