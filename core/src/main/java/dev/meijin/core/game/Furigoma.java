package dev.meijin.core.game;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * One furigoma (振り駒), the toss of five pawns that decides who moves first in an even game.
 *
 * <p>The tosser throws five of the senior player's pawns (the senior player himself, or the recorder on his
 * behalf; "the tosser" below means that player). If more of them land 歩 (pawn) side up, the tosser's player
 * moves first and plays sente; if more land と (tokin) side up, the opponent moves first. Five is odd, so there
 * is never a tie. A physical toss in which pieces stand on edge or stack up is repeated; this model only
 * covers clean tosses.
 *
 * <p>Randomness is injected, so a seeded generator replays the same toss and tests can script one.
 *
 * {@snippet :
 * Furigoma toss = Furigoma.toss(new SplittableRandom(2024));
 * boolean seniorIsSente = toss.tosserMovesFirst();
 * }
 *
 * @param faces the five faces in the order they were drawn
 */
public record Furigoma(List<Face> faces) {

    /** How many pawns are tossed. */
    public static final int PIECES = 5;

    /** The side of a tossed pawn that faces up. */
    public enum Face {
        /** 歩: the unpromoted side. */
        PAWN,
        /** と: the promoted side. */
        TOKIN
    }

    /**
     * Records a toss.
     *
     * @throws IllegalArgumentException if there are not exactly five faces
     * @throws NullPointerException if {@code faces} or one of them is null
     */
    public Furigoma {
        faces = List.copyOf(faces);
        if (faces.size() != PIECES) {
            throw new IllegalArgumentException("furigoma needs " + PIECES + " faces, got " + faces.size());
        }
    }

    /**
     * Tosses five pawns. Each face is drawn with one call to {@link RandomGenerator#nextBoolean()},
     * {@code true} meaning tokin up, so the result depends only on those five draws.
     *
     * @param rng the source of randomness; seed it for a reproducible toss
     * @return the toss
     */
    public static Furigoma toss(RandomGenerator rng) {
        Objects.requireNonNull(rng, "rng");
        List<Face> faces = new ArrayList<>(PIECES);
        for (int i = 0; i < PIECES; i++) {
            faces.add(rng.nextBoolean() ? Face.TOKIN : Face.PAWN);
        }
        return new Furigoma(faces);
    }

    /** {@return how many pawns landed tokin (と) side up, 0 to 5} */
    public int tokinCount() {
        int n = 0;
        for (Face f : faces) {
            if (f == Face.TOKIN) {
                n++;
            }
        }
        return n;
    }

    /** {@return how many pawns landed pawn (歩) side up, 0 to 5} */
    public int pawnCount() {
        return PIECES - tokinCount();
    }

    /**
     * {@return {@code true} if the tosser's player moves first (more 歩 than と up), {@code false} if the
     * opponent does (more と up)}
     */
    public boolean tosserMovesFirst() {
        return pawnCount() > tokinCount();
    }
}
