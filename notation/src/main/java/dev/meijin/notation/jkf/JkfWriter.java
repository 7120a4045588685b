package dev.meijin.notation.jkf;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Rules;
import dev.meijin.core.position.Setup;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.kifu.Header;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.kifu.WriteResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes a record as JKF (JSON Kifu Format), valid against the format's JSON Schema.
 *
 * <p>The output follows the reference converter (shogi-kifu-converter), so that the same record gives the same
 * JSON tree:
 *
 * <ul>
 *   <li>{@code header}: the headers, first occurrence of each key (手合割 is left out: {@code initial} says it);
 *   <li>{@code initial}: {@code {"preset": "HIRATE"}} and the other registry presets
 *       ({@link Handicap#jkfPreset()}), or {@code "OTHER"} with {@code data}: {@code color}, {@code board} as
 *       {@code board[x-1][y-1]} for file x and rank y (empty squares are {@code {}}), and {@code hands} with
 *       all seven kinds for each side;
 *   <li>{@code moves}: first an entry that holds only the start comments, then one entry per step with
 *       {@code comments} (engine comments follow with a leading {@code *}), {@code time} ({@code now} with
 *       {@code h} only when non-zero, {@code total} always with {@code h}; the total is the recorded one, or
 *       else the sum of that side's times so far), {@code move} or {@code special}, and {@code forks};
 *   <li>a move has {@code color}, {@code from} (not for drops), {@code to}, {@code piece} (the kind before the
 *       move), {@code same} when it lands where the last move did, {@code promote} ({@code true} or
 *       {@code false}) only when it could have promoted, {@code capture} (the captured kind as it stood) and
 *       {@code relative} where {@link JkfRelative} says one is needed.
 * </ul>
 *
 * <p>Left out and listed in {@link WriteResult#dropped()}: headers whose key repeats, specials JKF has no
 * name for (最大手数, 不戦勝, 不戦敗, 封じ手), the move number of a start after moves (KIF's {@code 手数＝N}), and
 * the sub-second part of times, which are written in whole seconds; 反則勝ち is written as the equivalent
 * {@code +ILLEGAL_ACTION} or {@code -ILLEGAL_ACTION}.
 *
 * {@snippet :
 * WriteResult w = JkfWriter.write(kifu);
 * String json = w.text(); // {"header":{…},"initial":{"preset":"HIRATE"},"moves":[{},{"move":{…}},…]}
 * }
 */
public final class JkfWriter {
    private JkfWriter() {}

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectWriter PRETTY;

    static {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectNameValueSpacing(Separators.Spacing.AFTER))
                .withObjectIndenter(new DefaultIndenter("  ", "\n"))
                .withArrayIndenter(new DefaultIndenter("  ", "\n"));
        PRETTY = new ObjectMapper().writer().with(printer);
    }

    /** The JKF kind names, indexed by role code. */
    static final String[] KINDS = new String[Role.CODES];

    static {
        for (Role r : Role.values()) {
            KINDS[r.code()] = r.csa();
        }
    }

    /** The hand kinds in the order JKF writers list them. */
    private static final List<Role> HAND_KINDS = List.of(Role.PAWN, Role.LANCE, Role.KNIGHT, Role.SILVER, Role.GOLD, Role.BISHOP, Role.ROOK);

    /**
     * Writes a record as pretty-printed JKF (two-space indentation, {@code \n} line ends).
     *
     * @param kifu the record
     * @return the JSON text and what JKF could not hold
     * @throws KifuException if the start position or a move of the record is not legal
     */
    public static WriteResult write(Kifu kifu) {
        Set<String> dropped = new LinkedHashSet<>();
        ObjectNode root = tree(kifu, dropped);
        // A tree of plain nodes always serialises (Jackson's exceptions are unchecked).
        String text = PRETTY.writeValueAsString(root) + "\n";
        // Each level of forks is three levels of JSON (the forks array, a fork, an entry).
        return new WriteResult(text, new ArrayList<>(dropped), Limits.beyond(kifu, text, false, (JkfReader.MAX_NESTING - 3) / 3));
    }

    private static ObjectNode tree(Kifu kifu, Set<String> dropped) {
        ObjectNode root = NODES.objectNode();
        ObjectNode header = root.putObject("header");
        for (Header h : kifu.headers()) {
            if (h.key().equals(Headers.HANDICAP)) {
                continue;
            }
            if (header.has(h.key())) {
                if (!header.get(h.key()).asString().equals(h.value())) {
                    dropped.add("header " + h.key() + " (a repeated key)");
                }
                continue;
            }
            header.put(h.key(), h.value());
        }
        root.set("initial", initial(kifu.start().setup(), kifu.start().handicap()));
        if (kifu.start().setup().moveNumber() > 1) {
            dropped.add("the start's move number (" + (kifu.start().setup().moveNumber() - 1) + " moves were played before it)");
        }
        ArrayNode moves = root.putArray("moves");
        ObjectNode first = moves.addObject();
        if (!kifu.startComments().isEmpty()) {
            ArrayNode c = first.putArray("comments");
            kifu.startComments().forEach(c::add);
        }
        Optional<Position> pos = kifu.startPosition();
        if (pos.isEmpty() && kifu.hasMoves()) {
            throw KifuException.illegalStart(kifu);
        }
        if (pos.isPresent()) {
            line(kifu.moves(), pos.get(), new Duration[] {Duration.ZERO, Duration.ZERO}, moves, dropped);
        } else {
            // A record read with an illegal start has no moves, only perhaps a special: written as it is.
            for (Step s : kifu.moves()) {
                Special sp = s.special().orElseThrow();
                Optional<String> name = specialName(sp, kifu.sideToMoveAtEnd());
                if (name.isEmpty()) {
                    dropped.add("special " + sp.japanese() + " (JKF has no name for it)");
                } else {
                    moves.addObject().put("special", name.get());
                }
            }
        }
        return root;
    }

    private static ObjectNode initial(Setup setup, Optional<Handicap> handicap) {
        ObjectNode initial = NODES.objectNode();
        Optional<String> preset = handicap
                .filter(h -> Sfen.parse(h.sfen()).equals(setup.withMoveNumber(1)))
                .flatMap(Handicap::jkfPreset);
        if (preset.isPresent()) {
            initial.put("preset", preset.get());
            return initial;
        }
        initial.put("preset", "OTHER");
        ObjectNode data = initial.putObject("data");
        data.put("color", setup.turn().index());
        ArrayNode board = data.putArray("board");
        for (int file = 1; file <= 9; file++) {
            ArrayNode column = board.addArray();
            for (int rank = 1; rank <= 9; rank++) {
                ObjectNode sq = column.addObject();
                int p = setup.piece(Square.of(file, rank));
                if (p != Piece.NONE) {
                    sq.put("color", Piece.color(p));
                    sq.put("kind", KINDS[Piece.role(p)]);
                }
            }
        }
        ArrayNode hands = data.putArray("hands");
        for (Color c : Color.values()) {
            ObjectNode hand = hands.addObject();
            for (Role r : HAND_KINDS) {
                hand.put(r.csa(), setup.handCount(c, r));
            }
        }
        return initial;
    }

    /** Writes one line of steps played from {@code pos}, which is left as it was. */
    private static void line(List<Step> steps, Position pos, Duration[] totals, ArrayNode out, Set<String> dropped) {
        int[] legal = new int[Position.MAX_MOVES];
        int played = 0;
        Duration[] running = totals.clone();
        for (Step s : steps) {
            ObjectNode entry = NODES.objectNode();
            List<String> comments = new ArrayList<>(s.comments());
            for (String e : s.engineComments()) {
                comments.add("*" + e);
            }
            if (!comments.isEmpty()) {
                ArrayNode c = entry.putArray("comments");
                comments.forEach(c::add);
            }
            int side = pos.sideToMove();
            Duration[] before = running.clone();
            if (s.time().isPresent()) {
                Duration now = s.time().get();
                Duration total = s.totalTime().orElse(running[side].plus(now));
                running[side] = total;
                ObjectNode time = entry.putObject("time");
                time.set("now", clock(now, false));
                time.set("total", clock(total, true));
                if (now.getNano() != 0 || total.getNano() != 0) {
                    dropped.add("the sub-second part of times (JKF records whole seconds)");
                }
            }
            boolean stop = false;
            if (s.isMove()) {
                int m = s.move();
                int count = pos.generate(GenType.LEGAL_ALL, legal, 0);
                if (!contains(legal, count, m)) {
                    throw KifuException.illegalMove(pos.plies() + 1, pos, m);
                }
                entry.set("move", move(pos, m, legal, count));
            } else {
                Special sp = s.special().orElseThrow();
                Optional<String> name = specialName(sp, pos.turn());
                if (name.isEmpty()) {
                    dropped.add("special " + sp.japanese() + " (JKF has no name for it)");
                    break;
                }
                entry.put("special", name.get());
                stop = true;
            }
            if (!s.forks().isEmpty()) {
                ArrayNode forks = entry.putArray("forks");
                for (List<Step> fork : s.forks()) {
                    // Each fork replaces this step, so it starts from the same position and time totals.
                    line(fork, pos, before, forks.addArray(), dropped);
                }
            }
            out.add(entry);
            if (stop) {
                break;
            }
            pos.doMove(s.move());
            played++;
        }
        for (int i = 0; i < played; i++) {
            pos.undoMove();
        }
    }

    private static boolean contains(int[] moves, int count, int m) {
        for (int i = 0; i < count; i++) {
            if (moves[i] == m) {
                return true;
            }
        }
        return false;
    }

    private static ObjectNode move(Position pos, int m, int[] legal, int count) {
        ObjectNode mv = NODES.objectNode();
        int us = pos.sideToMove();
        int to = Move.to(m);
        mv.put("color", us);
        if (!Move.isDrop(m)) {
            int from = Move.from(m);
            ObjectNode f = mv.putObject("from");
            f.put("x", Square.file(from));
            f.put("y", Square.rank(from));
        }
        ObjectNode t = mv.putObject("to");
        t.put("x", Square.file(to));
        t.put("y", Square.rank(to));
        mv.put("piece", KINDS[Piece.role(Move.piece(m))]);
        if (!Move.isDrop(m)) {
            int last = pos.lastMove();
            if (Move.isReal(last) && Move.to(last) == to) {
                mv.put("same", true);
            }
            Role role = Piece.roleOf(Move.piece(m));
            if (Rules.canPromote(us, role.code(), Move.from(m), to)) {
                mv.put("promote", Move.isPromotion(m));
            }
            int captured = pos.pieceAt(to);
            if (captured != Piece.NONE) {
                mv.put("capture", KINDS[Piece.role(captured)]);
            }
        }
        String relative = JkfRelative.of(pos, m, legal, count);
        if (relative != null) {
            mv.put("relative", relative);
        }
        return mv;
    }

    /** The JKF special name, or empty when JKF has none. */
    static Optional<String> specialName(Special sp, Color toMove) {
        return switch (sp) {
            // The JKF schema's list of specials has no MAX_MOVES.
            case MAX_MOVES -> Optional.empty();
            default -> sp.csa(toMove).map(c -> c.substring(1));
        };
    }

    private static ObjectNode clock(Duration d, boolean alwaysHours) {
        long secs = Math.max(0, d.getSeconds());
        ObjectNode n = NODES.objectNode();
        long h = secs / 3600;
        if (alwaysHours || h > 0) {
            n.put("h", h);
        }
        n.put("m", (secs / 60) % 60);
        n.put("s", secs % 60);
        return n;
    }
}
