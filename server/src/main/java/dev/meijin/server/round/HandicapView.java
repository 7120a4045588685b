package dev.meijin.server.round;

/** The start position's handicap: id, Japanese name and English name as shown ({@code "Rook handicap"}, {@code "Even"}). */
public record HandicapView(String id, String ja, String en) {}
