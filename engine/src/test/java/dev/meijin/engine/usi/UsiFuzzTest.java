package dev.meijin.engine.usi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.engine.Engine;
import dev.meijin.testdata.Mutations;
import dev.meijin.testdata.TestData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Scripts of USI commands, made of real commands broken at random (fixed seeds, so that failures reproduce),
 * sent to the protocol one line at a time. Nothing escapes {@link UsiProtocol#handle}; every line written is a
 * USI line (no control character, and an error is an {@code info string}, never an internal error); and every
 * {@code go} gets exactly one {@code bestmove} or {@code checkmate}. Options that take memory ({@code USI_Hash},
 * {@code Threads}) are kept small here; their limits are tested on their own.
 */
class UsiFuzzTest {
    private static final List<String> COMMANDS = List.of(
            "usi", "isready", "usinewgame", "stop", "ponderhit", "gameover win", "gameover lose", "gameover draw", "quit",
            "setoption name USI_Hash value 16", "setoption name Threads value 2", "setoption name MultiPV value 3",
            "setoption name Skill Level value 10", "setoption name USI_Ponder value true", "setoption name EnteringKingRule value CSARule27",
            "setoption name NetworkDelay value 100", "setoption name MaxMovesToDraw value 256", "setoption name DrawValue value -100",
            "setoption name DisableSearchFeature value NullMove", "setoption name BookFile value <empty>",
            "position startpos", "position startpos moves 7g7f 3c3d 8h2b+ 3a2b",
            "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f",
            "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
            "go btime 1000 wtime 1000 byoyomi 100", "go depth 2", "go nodes 2000", "go mate 100", "go mate infinite",
            "go movetime 50", "go btime 100 wtime 100 binc 10 winc 10", "go ponder btime 1000 wtime 1000 byoyomi 100",
            "go infinite", "go searchmoves 7g7f 2g2f depth 2", "go depth 1 searchmoves 5i5h", "go nodes 500 infinite");
    /** What the protocol may write. */
    private static final Pattern USI_LINE = Pattern.compile("id name \\S.*|id author \\S.*|usiok|readyok"
            + "|option name \\S.* type (check|spin|combo|string|filename) default .*|info (?!string ).+|info string .+"
            + "|bestmove \\S+( ponder \\S+)?|checkmate( \\S+)+", Pattern.DOTALL);
    private static final Pattern MEMORY_OPTION = Pattern.compile("(?i).*(hash|threads).*");

    @Test
    @Timeout(120)
    void brokenCommandScripts() throws InterruptedException {
        fuzz(150, 1);
    }

    @Test
    @Tag("slow")
    @Timeout(1200)
    void manyBrokenCommandScripts() throws InterruptedException {
        fuzz(2_000, 2);
    }

    private static void fuzz(int scripts, long seed) throws InterruptedException {
        List<String> games = TestData.tsv("usi/shogiops-lishogi-games.tsv").stream().map(row -> row[1]).toList();
        List<String> sfens = TestData.tsv("perft/perft.tsv").stream().map(row -> row[0]).toList();
        Mutations m = new Mutations(seed);
        try (Engine engine = new Engine()) {
            for (int s = 0; s < scripts; s++) {
                List<String> script = new ArrayList<>();
                for (int i = 1 + m.random().nextInt(8); i > 0; i--) {
                    String line = switch (m.random().nextInt(8)) {
                        case 0 -> "position sfen " + sfens.get(m.random().nextInt(sfens.size()));
                        case 1 -> {
                            String[] moves = games.get(m.random().nextInt(games.size())).split(" ");
                            yield "position startpos moves " + String.join(" ", Arrays.copyOf(moves, m.random().nextInt(moves.length + 1)));
                        }
                        default -> COMMANDS.get(m.random().nextInt(COMMANDS.size()));
                    };
                    if (m.random().nextBoolean()) {
                        line = m.mutate(line);
                    }
                    if (MEMORY_OPTION.matcher(line).matches()) {
                        line = line.replaceAll("\\d{2,}", "2");
                    }
                    script.addAll(Arrays.asList(line.split("\n", -1)));
                }
                run(engine, script);
            }
        }
    }

    private static void run(Engine engine, List<String> script) throws InterruptedException {
        List<String> out = new java.util.concurrent.CopyOnWriteArrayList<>();
        UsiProtocol usi = new UsiProtocol(engine, out::add);
        String shown = Mutations.show(String.join("\n", script));
        int gos = 0;
        for (String line : script) {
            if (line.strip().split("\\s+")[0].equals("go")) {
                gos++;
            }
            boolean goOn;
            try {
                goOn = usi.handle(line);
            } catch (RuntimeException | Error e) {
                throw new AssertionError("line " + Mutations.show(line) + " of\n" + shown + "\n: " + e, e);
            }
            if (!goOn) {
                break;
            }
        }
        usi.handle("stop");
        engine.awaitIdle();
        // The answer of a search the watchdog or a stop ended may follow the search thread by a moment.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (answers(out) < gos && System.nanoTime() < deadline) {
            Thread.sleep(2);
        }
        for (String line : out) {
            assertThat(line.chars().noneMatch(c -> (Character.isISOControl(c) && c != '\t') || c == 0x2028 || c == 0x2029))
                    .as("%s after\n%s", Mutations.show(line), shown).isTrue();
            assertThat(line).as("after\n%s", shown).matches(USI_LINE).doesNotContain("internal error");
        }
        assertThat(answers(out)).as("answers to %d go after\n%s\n%s", gos, shown, out).isEqualTo(gos);
    }

    private static long answers(List<String> out) {
        return out.stream().filter(l -> l.startsWith("bestmove") || l.startsWith("checkmate")).count();
    }
}
