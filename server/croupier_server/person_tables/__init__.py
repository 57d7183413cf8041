"""Tables where a person sits among bots, kept by ``croupier serve`` for the dashboard.

:class:`~croupier_server.person_tables.host.TableHost` opens and forks the tables and plays
their games; :class:`~croupier_server.person_tables.seat.PersonSeat` is the person's seat,
asked by the referee as a bot's is. The dashboard reaches them through the protocol of
:mod:`croupier_server.web.play_schemas` only.
"""
