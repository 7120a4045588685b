package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.position.Setups;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
            // Out of the book the engine searches.
            e.setPosition(Setups.STARTPOS, List.of("7g7f", "8c8d", "7i6h", "3c3d"));
            assertThat(e.think(SearchLimits.depth(3)).line()).isPresent();
        }
    }

    @Test
    void gameLinesGiveEveryPositionTheNextMove() throws IOException {
        Path f = write("lines.txt", """
                startpos moves 2g2f 8c8d 2f2e 8d8e
                position startpos moves 2g2f 3c3d
                sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f 8c8d 7g7f
                """);
        try (Engine e = new Engine()) {
            e.setOption("BookFile", f.toString());
            e.setPosition(Setups.STARTPOS, List.of());
            assertThat(move(e)).isEqualTo(new BestMove.Play("2g2f", java.util.Optional.of("8c8d")));
            e.setPosition(Setups.STARTPOS, List.of("2g2f", "8c8d"));
            assertThat(move(e).move()).isIn("2f2e", "7g7f");
            e.setPosition(Setups.STARTPOS, List.of("2g2f", "8c8d", "2f2e"));
            assertThat(move(e).move()).isEqualTo("8d8e");
            e.setOption("BookFile", "<empty>");
            e.setPosition(Setups.STARTPOS, List.of("2g2f", "8c8d", "2f2e"));
            assertThat(e.think(SearchLimits.depth(2)).line()).isPresent();
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
}
