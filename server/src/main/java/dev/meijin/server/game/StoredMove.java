package dev.meijin.server.game;

/**
 * One stored move with both clocks as they stood right after it.
 *
 * @param ply the move's number, 1 for the first move
 * @param usi the move in USI
 * @param timeMs the time spent on it as the clock ran, the lag forgiven included (the first move's counted from the start
 *     of the game, though no clock runs for it); null for a first move stored before first moves were timed
 * @param playedAt when it was played, epoch milliseconds
 * @param senteMainMs sente's main time left after the move
 * @param sentePeriods sente's byoyomi periods left after the move
 * @param goteMainMs gote's main time left after the move
 * @param gotePeriods gote's byoyomi periods left after the move
 */
public record StoredMove(int ply, String usi, Long timeMs, long playedAt, long senteMainMs, int sentePeriods, long goteMainMs, int gotePeriods) {}
