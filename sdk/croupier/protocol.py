"""The constants of the wire contract that are not messages (``proto/`` has those)."""

PROTOCOL_VERSION = 1
"""The version of the contract (``Hello.protocol_version``): ``croupier.proto.v1``."""

ADDRESS_VARIABLE = "CROUPIER_ADDRESS"
"""The environment variable with the referee's address: ``host:port`` or ``unix:/path``."""

TOKEN_VARIABLE = "CROUPIER_TOKEN"
"""The environment variable with a started bot's seat token, or a remote bot's key."""
