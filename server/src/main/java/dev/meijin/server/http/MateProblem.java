package dev.meijin.server.http;

import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.sfen.SfenException;
import dev.meijin.mate.MateResult;
import dev.meijin.mate.Soundness;
import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Start;
import dev.meijin.notation.kifu.Step;
import dev.meijin.server.engine.MateService;
import dev.meijin.server.round.MoveView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * A mate problem sent to {@code POST /api/mate}, read strictly from its JSON body (docs/PROTOCOL.md, section 2):
 * the position, how long the solver may take, and whether the mate found is judged as a composition.
 *
 * @param position the problem; its side to move attacks
 * @param limit the time limit
 * @param judge whether to judge the mate as a composition (cooks, 余詰), within the same time limit
 */
record MateProblem(Position position, Duration limit, boolean judge) {
    static final int DEFAULT_SECONDS = 10;
    static final int MAX_SECONDS = 30;
    private static final Set<String> FIELDS = Set.of("problem", "seconds", "check");

    static MateProblem parse(JsonNode n) {
        String problem = CreateGame.text(n, FIELDS, "problem",
                "problem must be an SFEN or a game record (KIF, KI2, CSA, JKF or USI) whose start position is the problem");
        int seconds = DEFAULT_SECONDS;
        JsonNode s = n.get("seconds");
        if (s != null && !s.isNull()) {
            if (!s.isInt() || s.asInt() < 1 || s.asInt() > MAX_SECONDS) {
                throw CreateGame.bad("seconds must be an integer from 1 to " + MAX_SECONDS);
            }
            seconds = s.asInt();
        }
        JsonNode c = n.get("check");
        if (c != null && !c.isNull() && !c.isBoolean()) {
            throw CreateGame.bad("check must be true or false");
        }
        return new MateProblem(position(problem), Duration.ofSeconds(seconds), c != null && c.asBoolean());
    }

    /**
     * The problem's position: one line with a {@code /} (or starting {@code sfen}) is an SFEN, read as leniently
     * as published problems need ({@link Sfen#problem}); anything else is a game record whose start position is
     * the problem. A record must read without a problem before its moves (the moves themselves, a published
     * solution perhaps, are not needed).
     */
    static Position position(String text) {
        String t = text.strip();
        boolean oneLine = t.indexOf('\n') < 0 && t.indexOf('\r') < 0;
        if (oneLine && (t.contains("/") || t.startsWith("sfen ")) && !t.startsWith("position ")) {
            try {
                return Sfen.problem(t);
            } catch (SfenException e) {
                throw CreateGame.bad("problem: ", Problem.ofSfen(0, e.index() >= 0 ? e.index() + 1 : 0, e.getMessage(), null, e));
            }
        }
        Format format = Formats.detect(t, Optional.empty());
        ReadResult r = Formats.read(t, Optional.empty());
        for (Problem pr : r.problems()) {
            if (pr.ply() == 0) {
                throw CreateGame.bad("problem (read as " + format + "): ", pr);
            }
        }
        return r.kifu().startPosition().orElseThrow(() -> CreateGame.bad("problem (read as " + format + "): ", new Problem(Problem.Kind.ILLEGAL_START,
                0, 0, 0, "the start position is not legal: " + r.kifu().startProblem().orElse(""))));
    }

    /**
     * The answer as sent: the result, the problem's SFEN, the solution with its notations, nodes and the solver's
     * own time.
     */
    static Map<String, Object> view(MateService.Solved s) {
        Map<String, Object> m = new LinkedHashMap<>();
        switch (s.result()) {
            case MateResult.Mate mate -> {
                m.put("result", "mate");
                m.put("plies", mate.plies());
                m.put("exact", mate.exact());
                m.put("leftover", mate.leftover());
            }
            case MateResult.NoMate none -> m.put("result", "nomate");
            case MateResult.Unknown u -> {
                m.put("result", "unknown");
                // Cut short by its deadline rather than by its own time limit: the server was busy.
                m.put("reason", s.busy() ? "busy" : u.reason().name().toLowerCase(Locale.ROOT));
            }
        }
        m.put("sfen", Sfen.format(s.problem()));
        if (s.result() instanceof MateResult.Mate mate) {
            m.put("moves", moves(s.problem(), mate.moves()));
            m.put("kif", kif(s.problem(), mate.moves()));
        }
        s.soundness().ifPresent(j -> m.put("soundness", soundness(s.problem(), j)));
        m.put("nodes", s.nodes());
        m.put("ms", s.nanos() / 1_000_000);
        return m;
    }

    /**
     * The judging as sent: the verdict, whether every alternative was settled, and the cooks and the alternatives at
     * the last move, each with the ply it replaces, the length of its mate and its notations.
     */
    private static Map<String, Object> soundness(Position problem, Soundness s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("verdict", s.verdict().name().toLowerCase(Locale.ROOT));
        m.put("complete", s.complete());
        m.put("cooks", cooks(problem, s.mate().moves(), s.cooks()));
        m.put("lastMoveAlternatives", cooks(problem, s.mate().moves(), s.lastMoveAlternatives()));
        return m;
    }

    private static List<Map<String, Object>> cooks(Position problem, List<MoveOrDrop> line, List<Soundness.Cook> cooks) {
        List<Map<String, Object>> out = new ArrayList<>(cooks.size());
        for (Soundness.Cook c : cooks) {
            Position pos = problem.copy();
            for (MoveOrDrop md : line.subList(0, c.ply() - 1)) {
                pos.doMove(pos.encode(md));
            }
            MoveView v = MoveView.of(pos, pos.encode(c.move()), c.ply(), null);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("ply", c.ply());
            m.put("plies", c.plies());
            m.put("usi", v.usi());
            m.put("kif", v.kif());
            m.put("ki2", v.ki2());
            m.put("western", v.western());
            out.add(m);
        }
        return out;
    }

    /**
     * The problem with its solution as a KIF record (UTF-8), the board drawn as the format draws a start position,
     * ending with 詰み as printed tsume records do: at the end of a solver's mate the defender is checkmated by the
     * rules, or (under the printed convention) has only futile interpositions (無駄合) left, which such records
     * mark 詰み as well.
     */
    private static String kif(Position problem, List<MoveOrDrop> line) {
        Position pos = problem.copy();
        List<Step> steps = new ArrayList<>(line.size());
        for (MoveOrDrop md : line) {
            int move = pos.encode(md);
            steps.add(Step.move(move));
            pos.doMove(move);
        }
        steps.add(Step.special(Special.TSUMI));
        return Records.write(new Kifu(List.of(), Start.of(problem.toSetup()), List.of(), steps), Format.KIF);
    }

    private static List<MoveView> moves(Position problem, List<MoveOrDrop> line) {
        Position pos = problem.copy();
        List<MoveView> out = new ArrayList<>(line.size());
        for (MoveOrDrop md : line) {
            int m = pos.encode(md);
            out.add(MoveView.of(pos, m, out.size() + 1, null));
            pos.doMove(m);
        }
        return out;
    }
}
