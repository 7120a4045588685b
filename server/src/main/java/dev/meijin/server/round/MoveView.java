package dev.meijin.server.round;

/** A played move as the client shows it: USI, KIF and KI2 text, Western (Hodges) notation and the time used (null when untimed). */
public record MoveView(int ply, String usi, String kif, String ki2, String western, Long timeMs) {}
