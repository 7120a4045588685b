package dev.meijin.server.round;

/** The start position's handicap: id, Japanese and English names. */
public record HandicapView(String id, String ja, String en) {}
