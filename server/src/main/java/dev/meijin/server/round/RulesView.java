package dev.meijin.server.round;

/** The rule set as shown: its name, impasse rule, move limit (0 for none) and whether takebacks are allowed. */
public record RulesView(String name, String impasse, int maxMoves, boolean takebacks) {}
