package dev.meijin.server.round;

/** What a player can do besides moving. */
public enum PlayerAction {
    RESIGN, DECLARE, TAKEBACK_OFFER, TAKEBACK_ACCEPT, TAKEBACK_DECLINE, IMPASSE_OFFER, IMPASSE_ACCEPT, IMPASSE_DECLINE, CLAIM_WIN, ABORT
}
