package dev.meijin.server.round;

/** The furigoma toss: the five faces ({@code PAWN} or {@code TOKIN}), the creator's colour and whether the creator moves first. */
public record FurigomaView(java.util.List<String> faces, String tosser, boolean tosserMovesFirst) {}
