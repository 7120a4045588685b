package dev.meijin.server.round;

/** The last move for the board's highlight; {@code from} is null for a drop. */
public record LastMove(String usi, String from, String to) {}
