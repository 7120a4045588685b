package dev.meijin.server.http;

import dev.meijin.notation.kifu.Problem;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A record's problem as the pages receive it (docs/PROTOCOL.md, section 2): what is wrong as a
 * {@link Problem.Kind}, where, the input it quotes and the rule it breaks, from which a page writes the sentence in
 * its own language; the English one is the error's or warning's message.
 */
final class ProblemView {
    private ProblemView() {}

    /**
     * {@code {"kind", "line", "column", "ply"}}, then {@code "text"} when the problem quotes the input and
     * {@code "rule"} when it names a rule ({@code IllegalMoveReason} or {@code PositionIssue}), in this order.
     */
    static Map<String, Object> of(Problem p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", p.kind().name());
        m.put("line", p.line());
        m.put("column", p.column());
        m.put("ply", p.ply());
        if (p.text() != null) {
            m.put("text", p.text());
        }
        if (p.rule() != null) {
            m.put("rule", p.rule().name());
        }
        return m;
    }

    /** A warning's problem: also {@code "readUpTo"}, the last move read, when the record is read only up to it. */
    static Map<String, Object> warning(Problem p, Integer readUpTo) {
        Map<String, Object> m = of(p);
        if (readUpTo != null) {
            m.put("readUpTo", readUpTo);
        }
        return m;
    }
}
