package dev.meijin.notation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.kif.BoardDiagram;
import dev.meijin.notation.kifu.GameRecords;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.RecordValidator;
import dev.meijin.notation.kifu.WriteResult;
import dev.meijin.notation.move.MoveNotationException;
import dev.meijin.notation.move.MoveStyle;
import dev.meijin.testdata.Mutations;
import dev.meijin.testdata.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Every text entry point of the notation module fed with real records (KIF, KI2, CSA, JKF, USI) and moves broken
 * at random (fixed seeds, so that failures reproduce; half the JKF records are broken as JSON trees, so that they
 * still parse). A lenient reader returns a record with problems that name a line of the text, and never throws;
 * a strict reading fails only with {@link KifuException}; what a reader returned is written in every format
 * without an exception and read back as the same start and main line; a move text in any notation reads as a
 * legal move or fails with {@link MoveNotationException}.
 */
class ReadersFuzzTest {
    /** Records of the corpus up to this size, so that a mutation costs little to read. */
    private static final int MAX_RECORD_BYTES = 60_000;

    @Test
    @Timeout(120)
    void brokenRecordsAndMoves() {
        fuzz(400, 5_000, 1);
    }

    @Test
    @Tag("slow")
    @Timeout(1200)
    void manyBrokenRecordsAndMoves() {
        fuzz(30_000, 100_000, 2);
    }

    private record Source(String name, byte[] bytes, String text) {}

    private static void fuzz(int records, int moves, long seed) {
        List<Source> sources = sources();
        Mutations m = new Mutations(seed);
        for (int i = 0; i < records; i++) {
            Source s = sources.get(m.random().nextInt(sources.size()));
            boolean json = s.text().stripLeading().startsWith("{") && m.random().nextBoolean();
            record(json ? mutateJson(s.text(), m) : m.mutate(s.text()), s.name());
            if (i % 4 == 0) {
                byte[] bytes = m.mutate(s.bytes());
                noException("bytes of " + s.name(), () -> Formats.read(bytes, Optional.of(s.name())));
            }
        }
        List<Position> positions = positions(sources);
        int[] buf = new int[Position.MAX_MOVES];
        MoveStyle[] styles = MoveStyle.values();
        for (int i = 0; i < moves; i++) {
            Position p = positions.get(m.random().nextInt(positions.size()));
            int n = p.generate(GenType.LEGAL_ALL, buf, 0);
            String text = m.mutate(styles[m.random().nextInt(styles.length)].format(p, buf[m.random().nextInt(n)]));
            for (MoveStyle style : styles) {
                move(p, style, text);
            }
        }
    }

    /**
     * A JKF text with one to three of its members or elements removed, duplicated, swapped or replaced by a value
     * of another type or an extreme one, so that the JSON still parses and the reader's shape checks are met.
     */
    private static String mutateJson(String text, Mutations m) {
        JsonNode root = JSON.readTree(text);
        for (int e = 1 + m.random().nextInt(3); e > 0; e--) {
            List<JsonNode> containers = new ArrayList<>();
            collect(root, containers);
            JsonNode c = containers.get(m.random().nextInt(containers.size()));
            if (c instanceof ObjectNode o && !o.isEmpty()) {
                List<String> names = new ArrayList<>(o.propertyNames());
                String k = names.get(m.random().nextInt(names.size()));
                switch (m.random().nextInt(3)) {
                    case 0 -> o.remove(k);
                    case 1 -> o.set(k + "x", o.get(k).deepCopy());
                    default -> o.set(k, randomJson(m));
                }
            } else if (c instanceof ArrayNode a && !a.isEmpty()) {
                int i = m.random().nextInt(a.size());
                switch (m.random().nextInt(4)) {
                    case 0 -> a.remove(i);
                    case 1 -> a.insert(i, a.get(i).deepCopy());
                    case 2 -> {
                        int j = m.random().nextInt(a.size());
                        JsonNode t = a.get(i);
                        a.set(i, a.get(j));
                        a.set(j, t);
                    }
                    default -> a.set(i, randomJson(m));
                }
            }
        }
        return root.toString();
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] KINDS = {"FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "UM", "RY", "XX", ""};

    private static JsonNode randomJson(Mutations m) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return switch (m.random().nextInt(12)) {
            case 0 -> f.numberNode(m.random().nextInt(20) - 5);
            case 1 -> f.numberNode(Long.MAX_VALUE);
            case 2 -> f.numberNode(new java.math.BigInteger("99999999999999999999999"));
            case 3 -> f.numberNode(1.5);
            case 4 -> f.nullNode();
            case 5 -> f.stringNode(KINDS[m.random().nextInt(KINDS.length)]);
            case 6 -> f.arrayNode();
            case 7 -> f.objectNode().put("color", m.random().nextInt(3)).put("kind", KINDS[m.random().nextInt(KINDS.length)]);
            case 8 -> f.objectNode();
            case 9 -> f.booleanNode(m.random().nextBoolean());
            case 10 -> f.numberNode(Integer.MAX_VALUE);
            default -> f.stringNode(m.mutate("x"));
        };
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n.isContainer()) {
            out.add(n);
            for (JsonNode c : n) {
                collect(c, out);
            }
        }
    }

    private static void record(String text, String name) {
        ReadResult r = noException(text, () -> Formats.read(text, Optional.of(name)));
        checkProblems(r, text);
        for (Format f : Format.values()) {
            noException(f + " of " + text, () -> writtenAndReadBack(r.kifu(), f, text));
        }
        strict(text, r::orThrow);
        strict(text, () -> BoardDiagram.parse(text));
        noException(text, () -> RecordValidator.validate(r.kifu()));
        if (r.kifu().startPosition().isPresent()) {
            noException(text, () -> GameRecords.fromKifu(r.kifu()));
        }
    }

    /** A strict reading: a result, or a KifuException that says what is wrong. */
    private static void strict(String text, Runnable reading) {
        try {
            reading.run();
        } catch (KifuException e) {
            assertThat(e.getMessage()).as(Mutations.show(text)).isNotBlank();
        } catch (RuntimeException | Error e) {
            throw new AssertionError("strict reading of " + Mutations.show(text) + ": " + e, e);
        }
    }

    /** Every problem names a line of the text (or none, 0), a column and ply that are not negative, and says what. */
    private static void checkProblems(ReadResult r, String text) {
        int lines = text.split("\r\n|\r|\n", -1).length;
        for (Problem p : r.problems()) {
            assertThat(p.line()).as("%s in %s", p, Mutations.show(text)).isBetween(0, lines);
            assertThat(p.column()).as("%s in %s", p, Mutations.show(text)).isNotNegative();
            assertThat(p.ply()).as("%s in %s", p, Mutations.show(text)).isNotNegative();
            assertThat(p.message()).as("%s in %s", p, Mutations.show(text)).isNotBlank().hasSizeLessThanOrEqualTo(Limits.MAX_MESSAGE);
        }
    }

    /**
     * The record written in the format reads back as the same start (but for what the writer says it dropped or
     * could not keep) and, from a legal start, the same main line.
     */
    private static Object writtenAndReadBack(Kifu k, Format f, String text) {
        KifuFormat io = Formats.of(f).orElseThrow();
        WriteResult w = io.write(k, WriteOptions.UTF8);
        if (!w.beyondLimits().isEmpty()) {
            return w;
        }
        ReadResult again = io.read(w.text());
        boolean moveNumberDropped = w.dropped().stream().anyMatch(d -> d.startsWith("the start's move number"));
        assertThat(again.kifu().start().setup()).as("%s of %s:\n%s", f, Mutations.show(text), w.text())
                .isEqualTo(moveNumberDropped ? k.start().setup().withMoveNumber(1) : k.start().setup());
        if (k.startPosition().isPresent()) {
            assertThat(again.problems()).as("%s of %s:\n%s", f, Mutations.show(text), w.text()).isEmpty();
            assertThat(again.kifu().mainLine()).as("%s of %s:\n%s", f, Mutations.show(text), w.text()).isEqualTo(k.mainLine());
        }
        return again;
    }

    private static void move(Position p, MoveStyle style, String text) {
        try {
            assertThat(p.isLegal(style.parse(p, text))).as("%s %s in %s", style, Mutations.show(text), Sfen.format(p)).isTrue();
        } catch (MoveNotationException e) {
            assertThat(e.getMessage()).as(Mutations.show(text)).isNotBlank();
        } catch (RuntimeException | Error e) {
            throw new AssertionError(style + " " + Mutations.show(text) + " in " + Sfen.format(p) + ": " + e, e);
        }
    }

    private static <T> T noException(String input, java.util.function.Supplier<T> reader) {
        try {
            return reader.get();
        } catch (RuntimeException | Error e) {
            throw new AssertionError(Mutations.show(input) + ": " + e, e);
        }
    }

    private static List<Source> sources() {
        List<Source> out = new ArrayList<>();
        Stream.of("kif", "ki2", "csa", "jkf").flatMap(folder -> TestData.list(folder).stream()).forEach(path -> {
            byte[] bytes = TestData.bytes(path);
            if (bytes.length <= MAX_RECORD_BYTES) {
                out.add(new Source(path.substring(path.lastIndexOf('/') + 1), bytes, TextDecoder.decode(bytes).text()));
            }
        });
        // USI position lines: the first 30 lishogi games, and one from a later move's SFEN.
        for (String[] row : TestData.tsv("usi/shogiops-lishogi-games.tsv").subList(0, 30)) {
            String line = "position startpos moves " + row[1];
            out.add(new Source(row[0] + ".usi", line.getBytes(java.nio.charset.StandardCharsets.UTF_8), line));
        }
        String later = "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 5 moves 7g7f 3c3d";
        out.add(new Source("later.usi", later.getBytes(java.nio.charset.StandardCharsets.UTF_8), later));
        return out;
    }

    /** Every fifth position of the records that read without problems, where the side to move has a move. */
    private static List<Position> positions(List<Source> sources) {
        List<Position> out = new ArrayList<>();
        int[] buf = new int[Position.MAX_MOVES];
        for (Source s : sources) {
            ReadResult r = Formats.read(s.text(), Optional.of(s.name()));
            Optional<Position> start = r.kifu().startPosition();
            if (!r.ok() || start.isEmpty()) {
                continue;
            }
            Position p = start.get();
            int ply = 0;
            for (int move : r.kifu().mainLine()) {
                p.doMove(move);
                if (++ply % 5 == 0 && p.generate(GenType.LEGAL_ALL, buf, 0) > 0) {
                    out.add(p.copy());
                }
            }
        }
        return out;
    }
}
