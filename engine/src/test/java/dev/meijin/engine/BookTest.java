package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setups;
import dev.meijin.core.usi.Usi;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BookTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    private static BestMove.Play move(Engine e) {
        return (BestMove.Play) e.think(SearchLimits.clock(60_000, 60_000, 1000, 0, 0)).bestMove();
    }

    /**
     * A search under the clocks of {@link #move}, so the book is consulted (it is only for timed searches), cut at
     * a depth so that a search out of the book stays short. A book answer comes with no line; a search's with one.
     */
    private static Engine.SearchResult think(Engine e, int depth) {
        return e.think(SearchLimits.clock(60_000, 60_000, 1000, 0, 0).withDepth(depth));
    }

    /** Asserts the answer came from a search: a reported line whose first move is the move played. */
    private static void assertSearched(Engine.SearchResult r) {
        assertThat(r.line()).as("a searched line").isPresent();
        assertThat(r.bestMove()).isInstanceOf(BestMove.Play.class);
        assertThat(((BestMove.Play) r.bestMove()).move()).isEqualTo(r.line().get().pv().getFirst());
    }

    @Test
    void positionBlocksAreChosenInProportionToTheirCounts() throws IOException {
        Path f = write("book.db", """
                #YANEURAOU-DB2016 1.00
                sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
                7g7f 3c3d 0 32 3
                2g2f none 0 32 1
                // gote after 7g7f, move number left out
                sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w -
                8c8d 7i6h 10 20 5
                """);
        try (Engine e = new Engine()) {
            e.setOption("BookFile", f.toString());
            e.setPosition(Setups.STARTPOS, List.of());
            Map<String, Integer> seen = new HashMap<>();
            for (int i = 0; i < 200; i++) {
                seen.merge(move(e).move(), 1, Integer::sum);
            }
            assertThat(seen.keySet()).containsExactlyInAnyOrder("7g7f", "2g2f");
            assertThat(seen.get("7g7f")).isBetween(120, 180);
            e.setPosition(Setups.STARTPOS, List.of("7g7f"));
            assertThat(move(e)).isEqualTo(new BestMove.Play("8c8d", java.util.Optional.of("7i6h")));
            // In the book a timed search answers from it without searching: no line.
            assertThat(think(e, 3)).isEqualTo(new Engine.SearchResult(new BestMove.Play("8c8d", Optional.of("7i6h")), Optional.empty()));
            // Out of the book the same timed search searches.
            e.setPosition(Setups.STARTPOS, List.of("7g7f", "8c8d", "7i6h", "3c3d"));
            assertSearched(think(e, 3));
        }
    }

    @Test
    void gameLinesGiveEveryPositionTheNextMove() throws IOException {
        Path f = write("lines.txt", """
                startpos moves 2g2f 8c8d 2f2e 8d8e
                position startpos moves 2g2f 3c3d
                sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f 8c8d 7g7f
                // after 7g7f 3c3d: a bishop move into the gote bishop's reach, which no search would play
                sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3 moves 8h3c
                """);
        try (Engine e = new Engine()) {
            e.setOption("BookFile", f.toString());
            e.setPosition(Setups.STARTPOS, List.of());
            assertThat(move(e)).isEqualTo(new BestMove.Play("2g2f", java.util.Optional.of("8c8d")));
            e.setPosition(Setups.STARTPOS, List.of("2g2f", "8c8d"));
            assertThat(move(e).move()).isIn("2f2e", "7g7f");
            e.setPosition(Setups.STARTPOS, List.of("2g2f", "8c8d", "2f2e"));
            assertThat(move(e).move()).isEqualTo("8d8e");
            assertThat(think(e, 2)).isEqualTo(new Engine.SearchResult(new BestMove.Play("8d8e", Optional.empty()), Optional.empty()));
            e.setPosition(Setups.STARTPOS, List.of("7g7f", "3c3d"));
            assertThat(think(e, 2)).isEqualTo(new Engine.SearchResult(new BestMove.Play("8h3c", Optional.empty()), Optional.empty()));
            // Without the book the same timed searches search, and the search does not give the bishop away.
            e.setOption("BookFile", "<empty>");
            Engine.SearchResult free = think(e, 2);
            assertSearched(free);
            assertThat(((BestMove.Play) free.bestMove()).move()).isNotEqualTo("8h3c");
            e.setPosition(Setups.STARTPOS, List.of("2g2f", "8c8d", "2f2e"));
            assertSearched(think(e, 2));
        }
    }

    @Test
    void aBrokenBookIsRefusedWithItsLine() throws IOException {
        Path f = write("bad.db", "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n7g7f\n7g7e none 0 0 1\n");
        try (Engine e = new Engine()) {
            assertThatThrownBy(() -> e.setOption("BookFile", f.toString()))
                    .hasMessageStartingWith("BookFile " + f + " line 3: illegal move 7g7e");
            Path orphan = write("orphan.db", "7g7f\n");
            assertThatThrownBy(() -> e.setOption("BookFile", orphan.toString()))
                    .hasMessage("BookFile " + orphan + " line 1: a move before any \"sfen\" line");
        }
    }

    @Test
    void aBadCountIsRefusedWithItsFileLineAndField() throws IOException {
        try (Engine e = new Engine()) {
            // The count was read with Integer.parseInt: "12x" failed with its bare "For input string", and
            // full-width １２ was read as 12.
            for (String count : List.of("12x", "１２", "1.5")) {
                Path f = write("count.db", "sfen " + STARTPOS_SFEN + "\n2g2f none 0 0 1\n7g7f none 0 0 " + count + "\n");
                assertThatThrownBy(() -> e.setOption("BookFile", f.toString())).isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("BookFile " + f + " line 3: count \"" + count + "\" (the move's weight, field 5) is not a whole number");
            }
        }
    }

    @Test
    void countsAddUpWithoutWrappingRound() throws IOException {
        // Two counts of 2^31 - 1 added in an int came to -2: the position had no weight and left the book.
        // A count beyond an int was refused; both now weigh the int maximum.
        for (String counts : List.of("2147483647\n7g7f none 0 0 2147483647", "3000000000")) {
            Book book = Book.read(new BufferedReader(new StringReader(
                    "sfen " + STARTPOS_SFEN + "\n2g2f none 0 0 0\n7g7f none 0 0 " + counts + "\n")), "big.db");
            Position start = Position.startpos();

            assertThat(book.probe(start, new Random(1))).as(counts).containsExactly(Usi.parseMove(start, "7g7f"), Move.NONE);
        }
    }

    private static final String STARTPOS_SFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
}
