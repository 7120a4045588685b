package dev.meijin.server.round;

/**
 * A game in a list or the lobby.
 *
 * @param sente the name stored for sente (null for a free seat)
 * @param gote the name stored for gote (null for a free seat)
 * @param engineColor the colour the engine plays ({@code sente} or {@code gote}), or null in a game between people;
 *     its stored name is the fixed {@code Meijin level N}, which clients show translated
 * @param engineLevel the engine's level, or null in a game between people
 * @param creator the colour of the player who created the game ({@code sente} or {@code gote}), whose name a seek
 *     shows; the one who accepts a seek gets the other colour. While a furigoma toss or a draw by lot waits for
 *     the second player ({@code furigoma} or {@code lot}, and status {@code waiting}) it is sente's place, which the
 *     toss or the draw may change
 * @param furigoma whether furigoma decides the sides (an even game created with side {@code random}): tossed when
 *     the second player takes the seat
 * @param lot whether a draw by lot decides the sides (a handicap game created with side {@code random}): who gives
 *     the handicap is drawn when the second player takes the seat
 * @param timeControl the time control with its Japanese and English descriptions, as in a game's state; null when unlimited
 */
public record GameSummary(String id, String status, String sente, String gote, String engineColor, Integer engineLevel, String handicap,
        String rules, String creator, boolean furigoma, boolean lot, TimeControlView timeControl, int ply, long createdAt, OutcomeView outcome) {}
