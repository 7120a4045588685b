package dev.meijin.mate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CoreAccessTest {
    private static List<String> dominated(String sfen) {
        Position pos = Sfen.tsume(sfen);
        int[] buf = new int[Position.MAX_MOVES];
        int n = CoreAccess.checks(pos, buf, 0);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (CoreAccess.isDominatedNonPromotion(buf[i], buf, n)) {
                out.add(Move.usi(buf[i]));
            }
        }
        return out;
    }

    @Test
    void aRookOrBishopThatCouldPromoteWithCheckIsDominatedUnpromoted() {
        // Rook 4d: 4d4a checks promoted or not (dominated unpromoted); 4d4b checks only as a dragon; 4d5d checks
        // along the file outside the zone. Bishop 7e: 7e4b checks promoted or not (dominated unpromoted).
        assertThat(dominated("4k4/9/9/5R3/2B6/9/9/9/9 b r1b4g4s4n4l18p 1"))
                .containsExactlyInAnyOrder("4d4a", "7e4b");
    }

    @Test
    void aGoldOrSilverIsNeverDominated() {
        // A silver may stay unpromoted by choice: both moves are kept on equal terms.
        assertThat(dominated("4k4/9/5S3/9/9/9/9/9/9 b 2r2b4g3s4n4l18p 1")).isEmpty();
    }
}
