package dev.meijin.notation.kifu;

import dev.meijin.core.game.TimeControl;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/**
 * What a game record says about a game besides its moves and ending: the players, the event, when it started
 * and ended, the time control and the time each move took. {@link GameRecords} writes it into a {@link Kifu}'s
 * headers and steps and reads it back.
 *
 * @param sente the name of the player who moves first in an even game (下手, the handicap receiver, in a
 *     handicap game); empty if unknown
 * @param gote the other player's name (上手, the handicap giver, in a handicap game); empty if unknown
 * @param event the event or tournament (棋戦)
 * @param startTime when the game started (開始日時), as much as the record says: a day alone, a local time, or a
 *     time with its offset from UTC when the record names one
 * @param endTime when it ended (終了日時), likewise
 * @param timeControl the time control (持ち時間)
 * @param moveTimes the time each move took, in order (move 1 first); empty if not recorded, else one entry per
 *     move played
 * @param suspended whether the game was stopped unfinished (中断): the record of a running game then ends with
 *     中断 rather than with no ending at all; ignored for a finished game
 */
public record GameInfo(String sente, String gote, Optional<String> event, Optional<RecordDate> startTime,
        Optional<RecordDate> endTime, Optional<TimeControl> timeControl, List<Duration> moveTimes, boolean suspended) {

    /**
     * Checks the move times and copies them.
     *
     * @throws IllegalArgumentException if a move time is negative
     */
    public GameInfo {
        sente = sente == null ? "" : sente;
        gote = gote == null ? "" : gote;
        moveTimes = List.copyOf(moveTimes);
        for (Duration d : moveTimes) {
            if (d.isNegative()) {
                throw new IllegalArgumentException("a move cannot take a negative time: " + d);
            }
        }
    }

    /** No names, times or event. */
    public static final GameInfo NONE = new GameInfo("", "", Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), List.of(), false);

    /** Two players, nothing else. */
    public static GameInfo of(String sente, String gote) {
        return new GameInfo(sente, gote, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), List.of(), false);
    }

    /** The same with the time each move took. */
    public GameInfo withMoveTimes(List<Duration> times) {
        return new GameInfo(sente, gote, event, startTime, endTime, timeControl, times, suspended);
    }

    /** The same with the start time. */
    public GameInfo withStartTime(RecordDate t) {
        return new GameInfo(sente, gote, event, Optional.of(t), endTime, timeControl, moveTimes, suspended);
    }

    /** The same with the start time as a local time, its zone unnamed (KIF's usual 開始日時, {@code 2026/11/24 09:30:05}). */
    public GameInfo withStartTime(LocalDateTime t) {
        return withStartTime(new RecordDate.Local(t));
    }

    /** The same with the start time and its offset from UTC ({@code 2026-11-24T09:30:05+09:00} in KIF, KI2 and JKF). */
    public GameInfo withStartTime(OffsetDateTime t) {
        return withStartTime(new RecordDate.Offset(t));
    }

    /** The same with the end time. */
    public GameInfo withEndTime(RecordDate t) {
        return new GameInfo(sente, gote, event, startTime, Optional.of(t), timeControl, moveTimes, suspended);
    }

    /** The same with the end time as a local time, its zone unnamed. */
    public GameInfo withEndTime(LocalDateTime t) {
        return withEndTime(new RecordDate.Local(t));
    }

    /** The same with the end time and its offset from UTC. */
    public GameInfo withEndTime(OffsetDateTime t) {
        return withEndTime(new RecordDate.Offset(t));
    }

    /** The same with the event. */
    public GameInfo withEvent(String e) {
        return new GameInfo(sente, gote, Optional.of(e), startTime, endTime, timeControl, moveTimes, suspended);
    }

    /** The same with the time control. */
    public GameInfo withTimeControl(TimeControl tc) {
        return new GameInfo(sente, gote, event, startTime, endTime, Optional.of(tc), moveTimes, suspended);
    }

    /** The same, stopped unfinished (中断) or not. */
    public GameInfo withSuspended(boolean s) {
        return new GameInfo(sente, gote, event, startTime, endTime, timeControl, moveTimes, s);
    }
}
