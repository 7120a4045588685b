package dev.meijin.notation.kifu;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Square;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.MoveResult;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.Position;
import dev.meijin.core.text.AsciiNumbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Replays a record's main line under the rules and compares the ending it records with the one the rules
 * give: a recorded 千日手 must be a real fourfold repetition, 詰み a real checkmate, 入玉勝ち/%KACHI a valid
 * declaration; a declaration the rules reject is reported as such.
 */
public final class RecordValidator {
    private RecordValidator() {}

    /** The rules a record is judged under: computer rules (27-point declaration) with the record's move limit, if any. */
    public static RuleSet rulesFor(Kifu k) {
        int max = k.header(Headers.MAX_MOVES).or(() -> k.header("$MAX_MOVES")).or(() -> k.header("MAX_MOVES")).flatMap(RecordValidator::parseInt).orElse(0);
        return new RuleSet(RuleSet.Impasse.DECLARATION_27, false, max, false, true);
    }

    private static Optional<Integer> parseInt(String s) {
        String t = s.strip();
        if (t.length() > 9 || !AsciiNumbers.isDigits(t)) {
            return Optional.empty();
        }
        return Optional.of(Integer.parseInt(t));
    }

    /** Validates under {@link #rulesFor(Kifu)}. */
    public static Validation validate(Kifu k) {
        return validate(k, rulesFor(k));
    }

    public static Validation validate(Kifu k, RuleSet rules) {
        List<Problem> problems = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Game g;
        try {
            g = Game.ofRecord(k.start().setup(), rules);
        } catch (IllegalPositionException e) {
            problems.add(Problem.illegalStart(0, 0, "the start position is illegal: " + e.getMessage(), e));
            return new Validation(0, k.special(), Optional.empty(), problems, notes);
        }
        boolean hasBothKings = g.position().kingSquare(0) != Position.NO_SQUARE && g.position().kingSquare(1) != Position.NO_SQUARE;
        int ply = 0;
        for (Step s : k.moves()) {
            if (!s.isMove()) {
                break;
            }
            ply++;
            if (g.isOver()) {
                problems.add(new Problem(Problem.Kind.MOVE_AFTER_END, 0, 0, ply, "the game had already ended (" + g.outcome().orElseThrow().describe() + ") but the record goes on with " + Move.usi(s.move())));
                return new Validation(ply - 1, k.special(), g.outcome(), problems, notes);
            }
            MoveResult r = g.play(s.move());
            if (r instanceof MoveResult.Illegal il) {
                problems.add(new Problem(Problem.Kind.ILLEGAL_MOVE, 0, 0, ply, il.message(), null, il.reason()));
                return new Validation(ply - 1, k.special(), Optional.empty(), problems, notes);
            }
        }
        Optional<Special> recorded = k.special();
        Color toMove = g.turn();
        Optional<Outcome> byRules = g.outcome();
        if (recorded.isEmpty()) {
            byRules.ifPresent(o -> notes.add("the record has no ending, but the rules end the game: " + o.describe()));
            return new Validation(ply, recorded, byRules, problems, notes);
        }
        Special sp = recorded.get();
        Outcome judged = switch (sp) {
            case TSUMI -> {
                if (byRules.isPresent() && (byRules.get().ending() == Ending.CHECKMATE || byRules.get().ending() == Ending.NO_LEGAL_MOVES)) {
                    yield byRules.get();
                }
                Position end = g.position();
                if (byRules.isEmpty() && onlyFutileInterpositions(end)) {
                    notes.add("recorded 詰み with only futile interpositions (無駄合) left: each is answered by mate at once");
                    yield new Outcome.Win(toMove.opposite(), Ending.CHECKMATE, "only futile interpositions remain");
                }
                problems.add(new Problem(Problem.Kind.ENDING_MISMATCH, 0, 0, ply, "recorded 詰み, but " + toMove.englishName() + " is not checkmated (" + end.legalMoves().length + " legal moves)"));
                yield byRules.orElse(null);
            }
            case SENNICHITE -> {
                if (byRules.isEmpty() || !(byRules.get().ending() == Ending.REPETITION || byRules.get().ending() == Ending.PERPETUAL_CHECK)) {
                    problems.add(new Problem(Problem.Kind.ENDING_MISMATCH, 0, 0, ply, "recorded 千日手, but the final position has occurred only " + (g.repetitions() == 1 ? "once" : g.repetitions() + " times")));
                }
                yield byRules.orElse(null);
            }
            case KACHI -> {
                if (byRules.isPresent()) {
                    problems.add(new Problem(Problem.Kind.ENDING_MISMATCH, 0, 0, ply, "recorded 入玉勝ち, but the game had already ended: " + byRules.get().describe()));
                    yield byRules.get();
                }
                if (!hasBothKings || rules.impasse() == RuleSet.Impasse.NONE || rules.impasse() == RuleSet.Impasse.TRY || rules.impasse() == RuleSet.Impasse.AGREEMENT_24) {
                    problems.add(new Problem(Problem.Kind.ENDING_MISMATCH, 0, 0, ply, "recorded 入玉勝ち, but the rules have no declaration"));
                    yield null;
                }
                Outcome o = g.declare();
                if (o.ending() == Ending.ILLEGAL_MOVE) {
                    problems.add(new Problem(Problem.Kind.ENDING_MISMATCH, 0, 0, ply, "recorded 入玉勝ち, but the rules reject the declaration: " + o.detail()));
                }
                yield o;
            }
            case TORYO -> endOutside(byRules, problems, ply, sp, toMove, () -> g.resign(toMove));
            case TIME_UP -> endOutside(byRules, problems, ply, sp, toMove, () -> g.timeLoss(toMove));
            case ILLEGAL_MOVE -> endOutside(byRules, problems, ply, sp, toMove, () -> g.illegalMove(toMove, "recorded 反則負け"));
            case ILLEGAL_WIN -> endOutside(byRules, problems, ply, sp, toMove, () -> g.illegalMove(toMove.opposite(), "recorded 反則勝ち"));
            case SENTE_ILLEGAL_ACTION -> endOutside(byRules, problems, ply, sp, toMove, () -> g.illegalMove(Color.SENTE, "recorded %+ILLEGAL_ACTION"));
            case GOTE_ILLEGAL_ACTION -> endOutside(byRules, problems, ply, sp, toMove, () -> g.illegalMove(Color.GOTE, "recorded %-ILLEGAL_ACTION"));
            case FUSEN_WIN -> endOutside(byRules, problems, ply, sp, toMove, () -> g.forfeit(toMove.opposite()));
            case FUSEN_LOSS -> endOutside(byRules, problems, ply, sp, toMove, () -> g.forfeit(toMove));
            case MAX_MOVES -> {
                if (byRules.isPresent() && byRules.get().ending() != Ending.MOVE_LIMIT) {
                    problems.add(new Problem(Problem.Kind.ENDING_MISMATCH, 0, 0, ply, "recorded " + sp.japanese() + ", but the game had already ended: " + byRules.get().describe()));
                }
                yield byRules.orElse(new Outcome.Draw(Ending.MOVE_LIMIT, ply + " moves"));
            }
            case JISHOGI, HIKIWAKE -> {
                if (byRules.isPresent()) {
                    problems.add(new Problem(Problem.Kind.ENDING_MISMATCH, 0, 0, ply, "recorded " + sp.japanese() + ", but the game had already ended: " + byRules.get().describe()));
                    yield byRules.get();
                }
                yield new Outcome.Draw(sp == Special.JISHOGI ? Ending.IMPASSE : Ending.REPETITION, "recorded " + sp.japanese());
            }
            case CHUDAN, FUZUMI, FUUJITE, MATTA, ERROR -> {
                byRules.ifPresent(o -> notes.add("recorded " + sp.japanese() + ", but the rules had ended the game: " + o.describe()));
                yield byRules.orElse(null);
            }
        };
        return new Validation(ply, recorded, Optional.ofNullable(judged), problems, notes);
    }

    /**
     * Tsume convention (無駄合): the side to move is in check from a distance, and every legal reply is an
     * interposition on the checking line that the attacker answers with mate at once. Problem collections
     * record such positions as 詰み.
     */
    static boolean onlyFutileInterpositions(Position p) {
        if (!p.inCheck() || p.checkers().count() != 1) {
            return false;
        }
        int king = p.kingSquare(p.sideToMove());
        int checker = p.checkers().squares().getFirst();
        List<Integer> between = between(king, checker);
        if (between.isEmpty()) {
            return false;
        }
        int[] replies = p.legalMoves();
        if (replies.length == 0) {
            return false;
        }
        for (int reply : replies) {
            if (!between.contains(Move.to(reply))) {
                return false;
            }
            p.doMove(reply);
            boolean mated = false;
            for (int answer : p.legalMoves()) {
                p.doMove(answer);
                mated = p.isCheckmate();
                p.undoMove();
                if (mated) {
                    break;
                }
            }
            p.undoMove();
            if (!mated) {
                return false;
            }
        }
        return true;
    }

    /** The squares strictly between two squares on one rank, file or diagonal; empty if they are not aligned or adjacent. */
    private static List<Integer> between(int a, int b) {
        int df = Integer.signum(Square.file(b) - Square.file(a)), dr = Integer.signum(Square.rank(b) - Square.rank(a));
        int fileGap = Math.abs(Square.file(b) - Square.file(a)), rankGap = Math.abs(Square.rank(b) - Square.rank(a));
        List<Integer> out = new ArrayList<>();
        if (fileGap != 0 && rankGap != 0 && fileGap != rankGap) {
            return out;
        }
        for (int f = Square.file(a) + df, r = Square.rank(a) + dr; f != Square.file(b) || r != Square.rank(b); f += df, r += dr) {
            out.add(Square.of(f, r));
        }
        return out;
    }

    private static Outcome endOutside(Optional<Outcome> byRules, List<Problem> problems, int ply, Special sp, Color toMove, java.util.function.Supplier<Outcome> end) {
        if (byRules.isPresent()) {
            Outcome o = byRules.get();
            // A resignation recorded after a mate, or a loss recorded after a move that left no legal reply, agrees with the rules.
            boolean agrees = (o.ending() == Ending.CHECKMATE || o.ending() == Ending.NO_LEGAL_MOVES)
                    && (sp == Special.TORYO || sp == Special.ILLEGAL_MOVE || sp == Special.TIME_UP);
            // Perpetual check (連続王手の千日手) is a foul: a recorded foul that names the same winner agrees too.
            boolean foul = sp == Special.ILLEGAL_MOVE || sp == Special.ILLEGAL_WIN
                    || sp == Special.SENTE_ILLEGAL_ACTION || sp == Special.GOTE_ILLEGAL_ACTION;
            agrees |= foul && o.ending() == Ending.PERPETUAL_CHECK && o instanceof Outcome.Win w
                    && sp.winner(toMove).equals(Optional.of(w.winner()));
            if (!agrees) {
                problems.add(new Problem(Problem.Kind.ENDING_MISMATCH, 0, 0, ply, "recorded " + sp.japanese() + ", but the game had already ended: " + o.describe()));
            }
            return o;
        }
        return end.get();
    }
}
