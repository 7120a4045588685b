package dev.meijin.server.game;

import dev.meijin.core.Color;
import dev.meijin.core.game.Furigoma;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.TimeControl;
import java.util.random.RandomGenerator;

/**
 * A game as stored: who plays, under which conditions, how far it has got and how it ended. The moves are
 * stored apart ({@link StoredMove}).
 *
 * @param id the game id (8 characters, URL-safe)
 * @param status where the game stands
 * @param createdAt creation instant, epoch milliseconds
 * @param startedAt when the game began, both players seated (the second player's join; the creation against the
 *     engine), epoch milliseconds; null while it waits for its second player, and for a game stored before the
 *     start was recorded ({@link #startTime()})
 * @param updatedAt last change, epoch milliseconds
 * @param terms the conditions fixed at creation
 * @param sente the sente seat (the handicap receiver in a handicap game)
 * @param gote the gote seat (the handicap giver, who moves first, in a handicap game)
 * @param ply the number of moves played
 * @param result the result once finished or aborted, else null
 */
public record StoredGame(String id, GameStatus status, long createdAt, Long startedAt, long updatedAt, Terms terms, Player sente, Player gote,
        int ply, Result result) {

    /** Checks that a creator whose sides wait for a draw by lot waits in sente's place. */
    public StoredGame {
        if (terms.byLot() && gote.isOpen() && terms.creator() != Color.SENTE) {
            throw new IllegalArgumentException("until the draw the creator waits in sente's place");
        }
    }

    /**
     * The conditions of a game, fixed when it is created, but for the sides of a game whose creator chose none,
     * which are settled when both players are seated ({@link StoredGame#joined}): when the second player takes the
     * seat (at once against the engine), by a furigoma toss in an even game and by a draw by lot in a handicap game.
     *
     * @param handicap the start position
     * @param rules the rule-set name ({@code csa}, {@code amateur}, {@code try}, {@code casual}, {@code professional})
     * @param timeControl the time control; {@link TimeControl#UNLIMITED} for none
     * @param engineLevel the engine's level when a seat is the engine, else null
     * @param creator the colour of the player who created the game; while the sides wait for the second player
     *     ({@link StoredGame#sidesPending()}), {@link Color#SENTE}: the place the creator waits in, which the toss or
     *     the draw may change
     * @param byFurigoma whether furigoma decides the sides (an even game whose creator chose no side)
     * @param byLot whether a draw by lot decides the sides (a handicap game whose creator chose no side): who gives
     *     the handicap (上手, gote) and who receives it (下手, sente)
     * @param furigoma the toss that decided the sides; null while it waits, when a side was chosen and in a handicap
     *     game
     * @param inLobby whether the game is offered as a seek in the lobby while it waits
     */
    public record Terms(Handicap handicap, String rules, TimeControl timeControl, Integer engineLevel, Color creator, boolean byFurigoma,
            boolean byLot, Furigoma furigoma, boolean inLobby) {
        /**
         * Checks that only a game decided by furigoma has a toss, that a waiting toss leaves the creator in sente's
         * place, and that only a handicap game is decided by lot.
         */
        public Terms {
            if (furigoma != null && !byFurigoma) {
                throw new IllegalArgumentException("a furigoma toss in a game whose sides were chosen");
            }
            if (byLot && (byFurigoma || !handicap.isHandicap())) {
                throw new IllegalArgumentException("only the sides of a handicap game are drawn by lot");
            }
            if (byFurigoma && furigoma == null && creator != Color.SENTE) {
                throw new IllegalArgumentException("until the toss the creator waits in sente's place");
            }
        }

        /** Whether the sides wait for the furigoma toss, made when the second player takes the seat. */
        public boolean tossPending() {
            return byFurigoma && furigoma == null;
        }

        /** These terms with the sides settled: the creator's colour, and the toss in a game decided by furigoma. */
        Terms settled(Color creatorColor, Furigoma toss) {
            return new Terms(handicap, rules, timeControl, engineLevel, creatorColor, byFurigoma, byLot, toss, inLobby);
        }
    }

    /**
     * One seat.
     *
     * @param name the player's display name, or null while the seat is free
     * @param kind a person or the engine
     * @param secretHash the SHA-256 hex of the seat's secret, or null (free seat, engine)
     */
    public record Player(String name, PlayerKind kind, String secretHash) {
        /** A free seat for a person. */
        public static final Player OPEN = new Player(null, PlayerKind.HUMAN, null);

        /** Whether nobody sits here yet. */
        public boolean isOpen() {
            return name == null;
        }
    }

    /**
     * How a game ended.
     *
     * @param winner the winner, or null for a draw or an abort
     * @param reason the reason
     * @param detail a detail (points of a declaration, reason of an illegal move), possibly empty
     * @param endedAt when, epoch milliseconds
     * @param clock both clocks when it ended; null for an untimed game, and for a game that ended before the
     *     clocks were stored with the result
     */
    public record Result(Color winner, Ending reason, String detail, long endedAt, FinalClock clock) {
        /** A result without the clocks (an untimed game, or before they are read). */
        public Result(Color winner, Ending reason, String detail, long endedAt) {
            this(winner, reason, detail, endedAt, null);
        }

        /** This result with the clocks at the end. */
        public Result withClock(FinalClock c) {
            return new Result(winner, reason, detail, endedAt, c);
        }

        /** The result of an outcome the rules judged, ended at {@code endedAt}, without the clocks. */
        public static Result of(Outcome o, long endedAt) {
            return switch (o) {
                case Outcome.Win w -> new Result(w.winner(), w.ending(), w.detail(), endedAt);
                case Outcome.Draw d -> new Result(null, d.ending(), d.detail(), endedAt);
                case Outcome.Aborted ab -> new Result(null, Ending.ABORTED, ab.detail(), endedAt);
            };
        }
    }

    /**
     * Both players' clocks when a game ended, as its {@code end} event read them (the unfinished move's time
     * counted).
     *
     * @param sente sente's clock
     * @param gote gote's clock
     */
    public record FinalClock(Side sente, Side gote) {
        /**
         * One player's clock.
         *
         * @param mainMs main time left
         * @param byoyomiMs time left in the current byoyomi period (the whole period while main time lasts); 0
         *     without byoyomi or once out of time
         * @param periods byoyomi periods left, the current one included; 0 without byoyomi or once out of time
         */
        public record Side(long mainMs, long byoyomiMs, int periods) {}

        /** The clock of a colour. */
        public Side side(Color c) {
            return c == Color.SENTE ? sente : gote;
        }
    }

    /**
     * When the game began, as its records date it (KIF 開始日時, CSA {@code $START_TIME}): {@link #startedAt}, or
     * the creation for a game stored before the start was recorded or that never began.
     */
    public long startTime() {
        return startedAt != null ? startedAt : createdAt;
    }

    /** The seat of a colour. */
    public Player player(Color c) {
        return c == Color.SENTE ? sente : gote;
    }

    /** This game with a status, ply and result. */
    public StoredGame with(GameStatus s, int newPly, Result r, long now) {
        return new StoredGame(id, s, createdAt, startedAt, now, terms, sente, gote, newPly, r);
    }

    /**
     * Whether the sides wait for the second player to take the seat: the furigoma toss of an even game
     * ({@link Terms#tossPending()}) or the draw by lot of a handicap game, whose creator waits in sente's place,
     * the gote seat free, until then.
     */
    public boolean sidesPending() {
        return terms.tossPending() || terms.byLot() && gote.isOpen();
    }

    /**
     * This waiting game joined by a second player (or the engine) and started at {@code now}. In a game whose sides wait
     * ({@link #sidesPending()}), the sides as decided now: by a furigoma toss in an even game (the creator, who
     * waited in sente's place, takes sente if the toss lets the tosser move first, else gote), by a draw by lot in
     * a handicap game (sente or gote, each with odds of one half); otherwise the joiner takes the free seat.
     *
     * @param chance the randomness of the toss or the draw, used only when the sides wait for one
     * @throws IllegalStateException if the game is not waiting
     */
    public StoredGame joined(Player joiner, RandomGenerator chance, long now) {
        if (status != GameStatus.WAITING) {
            throw new IllegalStateException("game " + id + " is not waiting");
        }
        if (!sidesPending()) {
            Player first = sente.isOpen() ? joiner : sente;
            Player second = sente.isOpen() ? gote : joiner;
            return new StoredGame(id, GameStatus.PLAYING, createdAt, now, now, terms, first, second, 0, null);
        }
        Furigoma toss = null;
        boolean creatorSente;
        if (terms.byFurigoma()) {
            toss = Furigoma.toss(chance);
            creatorSente = toss.tosserMovesFirst();
        } else {
            creatorSente = chance.nextBoolean();
        }
        Color creator = creatorSente ? Color.SENTE : Color.GOTE;
        Player first = creator == Color.SENTE ? sente : joiner;
        Player second = creator == Color.SENTE ? joiner : sente;
        return new StoredGame(id, GameStatus.PLAYING, createdAt, now, now, terms.settled(creator, toss), first, second, 0, null);
    }
}
