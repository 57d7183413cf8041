"""The constants of the wire contract that are not messages (``proto/`` has those)."""

PROTOCOL_VERSION = 1
"""The version of the contract (``Hello.protocol_version``): ``croupier.proto.v1``."""

ADDRESS_VARIABLE = "CROUPIER_ADDRESS"
"""The environment variable with the referee's address: ``host:port`` or ``unix:/path``."""

TOKEN_VARIABLE = "CROUPIER_TOKEN"
"""The environment variable with a started bot's seat token, or a remote bot's key."""

COMMENT_MAX_BYTES = 1024
"""The longest comment a bot may give with an action (``ActionReply.comment``), in bytes of
UTF-8; a longer one is cut at a character boundary."""
