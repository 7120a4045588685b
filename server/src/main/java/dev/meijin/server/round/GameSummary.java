package dev.meijin.server.round;

/** A game in a list or the lobby. */
public record GameSummary(String id, String status, String sente, String gote, String handicap, String rules, String timeControl, int ply, long createdAt, OutcomeView outcome) {}
