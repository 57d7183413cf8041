"""The link between ``croupier serve``'s dashboard processes and the process that referees.

The dashboard is served from processes of its own, so that no page's work delays the
referee and the bots' clocks. What a page needs of the referee's process crosses this
link, a gRPC service of JSON messages on a Unix socket only the server's user can reach:
admitting a remote bot registered on the dashboard, the tables where people sit
(:class:`~croupier_server.web.play_schemas.PersonTables`) and second opinions
(:class:`~croupier_server.web.second_opinions.SecondOpinions`).
:func:`referee_link_serving` serves them in the referee's process; :class:`RefereeLink`
implements the same Protocols in a dashboard's, raising the same refusals with the same
messages.
"""

from croupier_server.referee_link.client import RefereeLink, RefereeLinkError
from croupier_server.referee_link.server import RefereeSide, referee_link_serving

__all__ = ["RefereeLink", "RefereeLinkError", "RefereeSide", "referee_link_serving"]
