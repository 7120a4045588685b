package dev.meijin.server.round;

import dev.meijin.core.Color;
import dev.meijin.core.game.Clock;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.Furigoma;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.TimeControl;
import dev.meijin.server.game.PlayerKind;
import dev.meijin.server.game.StoredGame;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Builds the wire views of stored and live values. */
public final class Views {
    private Views() {}

    /**
     * The name stored for a person who gives none (docs/PROTOCOL.md, CreateGame): the same in every language, shown
     * translated by clients (名無し, Anonymous), written as it is in records.
     */
    public static final String ANONYMOUS = "Anonymous";
    /**
     * The default name that pages in Japanese sent for a person who gave none before the default was fixed: games
     * stored with it are shown and listed as {@link #ANONYMOUS}.
     */
    public static final String ANONYMOUS_JA = "名無し";

    /** Whether a name is the default name of a person who gave none ({@link #ANONYMOUS} or the older 名無し). */
    public static boolean isAnonymous(String name) {
        return ANONYMOUS.equals(name) || ANONYMOUS_JA.equals(name);
    }

    /** A seat's name as sent and recorded: the older default 名無し as {@link #ANONYMOUS}, any other as stored (null for a free seat). */
    public static String name(StoredGame.Player p) {
        return ANONYMOUS_JA.equals(p.name()) ? ANONYMOUS : p.name();
    }

    /** The lower-case wire name of a colour, or null. */
    public static String color(Color c) {
        return c == null ? null : c.name().toLowerCase(Locale.ROOT);
    }

    /** A game in a list. */
    public static GameSummary summary(StoredGame g) {
        Color engine = g.sente().kind() == PlayerKind.ENGINE ? Color.SENTE : g.gote().kind() == PlayerKind.ENGINE ? Color.GOTE : null;
        return new GameSummary(g.id(), g.status().wire(), name(g.sente()), name(g.gote()), color(engine), engine == null ? null : g.terms().engineLevel(),
                g.terms().handicap().id(), g.terms().rules(), color(g.terms().creator()), g.terms().byFurigoma(), g.terms().byLot(),
                timeControl(g.terms().timeControl()), g.ply(), g.createdAt(), outcome(g.result()));
    }

    /** A stored result as sent, or null; without the reasons of a failed declaration (a game in a list, a record). */
    public static OutcomeView outcome(StoredGame.Result r) {
        return outcome(r, null);
    }

    /** A stored result as sent, or null, with why a failed impasse declaration failed ({@link DeclarationFailure#of}). */
    static OutcomeView outcome(StoredGame.Result r, DeclarationFailure failure) {
        if (r == null) {
            return null;
        }
        String text = Outcome.describe(r.winner(), r.reason(), r.detail());
        return new OutcomeView(color(r.winner()), r.reason().name(), r.reason().japanese(), r.detail() == null ? "" : r.detail(), text, failure);
    }

    /** A handicap as the client shows it, with its English name as shown ({@link #englishName}). */
    public static HandicapView handicap(Handicap h) {
        return new HandicapView(h.id(), h.japanese(), englishName(h));
    }

    /**
     * A handicap's English name as pages show it: {@code "Even"}, else the name with the word handicap
     * ({@code "Rook handicap"}, {@code "Two-piece handicap"}), since a bare piece name reads as the piece.
     * {@link Handicap#english()} stays the bare name that the command line reads and prints.
     */
    public static String englishName(Handicap h) {
        return h.isHandicap() ? h.english() + " handicap" : h.english();
    }

    static TimeControlView timeControl(TimeControl tc) {
        if (tc.isUnlimited()) {
            return null;
        }
        return new TimeControlView(tc.main().toMillis(), tc.byoyomi().toMillis(), tc.periods(), tc.increment().toMillis(), tc.describeJapanese(),
                tc.describe());
    }

    /**
     * The furigoma of a game as sent: null unless furigoma decides its sides; while the toss waits for the second
     * player, nothing but that ({@link FurigomaView#PENDING}); then the toss.
     */
    static FurigomaView furigoma(StoredGame.Terms t) {
        if (!t.byFurigoma()) {
            return null;
        }
        Furigoma f = t.furigoma();
        if (f == null) {
            return FurigomaView.PENDING;
        }
        List<String> faces = new ArrayList<>(5);
        f.faces().forEach(face -> faces.add(face.name()));
        return new FurigomaView(faces, color(t.creator()), f.tosserMovesFirst());
    }

    /**
     * The draw by lot of a game as sent: null unless a draw decides its sides (a handicap game); while the draw
     * waits for the second player, nothing but that ({@link LotView#PENDING}); then the creator's colour.
     */
    static LotView lot(StoredGame g) {
        if (!g.terms().byLot()) {
            return null;
        }
        return g.sidesPending() ? LotView.PENDING : new LotView(color(g.terms().creator()));
    }

    /** Both clocks read at {@code now}, or null for an untimed game. */
    static ClockView clock(Clock c, long now, long wallMillis) {
        if (c.control().isUnlimited()) {
            return null;
        }
        return new ClockView(side(c.remaining(Color.SENTE, now)), side(c.remaining(Color.GOTE, now)), color(c.running().orElse(null)), wallMillis);
    }

    private static ClockView.Side side(Clock.Reading r) {
        return new ClockView.Side(r.main().toMillis(), r.byoyomi().toMillis(), r.periods(), r.inByoyomi());
    }
}
