/**
 * Live games: a {@link dev.meijin.server.round.Round} per game, one writer on its own virtual thread fed by
 * a mailbox; the {@link dev.meijin.server.round.RoundOwner} that finds and starts rounds; the
 * {@link dev.meijin.server.round.EventBus} their events go out on; the sealed
 * {@link dev.meijin.server.round.ServerEvent} messages and their views. Calls into the rules core go through
 * one adapter. Depends on the stored games; never on HTTP or WebSocket code.
 */
package dev.meijin.server.round;
