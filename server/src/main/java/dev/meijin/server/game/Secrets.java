package dev.meijin.server.game;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** Seat secrets, game ids and analysis ids: random, URL-safe; only a hash of a secret is ever stored. */
public final class Secrets {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789".toCharArray();

    private Secrets() {}

    /** A new seat secret: 256 random bits, 43 URL-safe base64 characters. */
    public static String newSecret() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** A new game id: 8 characters from an alphabet without look-alikes (40 bits). */
    public static String newGameId() {
        return newId(8);
    }

    /** A new id of a record's analysis (kept in memory only): 12 characters of the same alphabet (60 bits). */
    public static String newAnalysisId() {
        return newId(12);
    }

    private static String newId(int length) {
        char[] c = new char[length];
        for (int i = 0; i < c.length; i++) {
            c[i] = ID_ALPHABET[RANDOM.nextInt(ID_ALPHABET.length)];
        }
        return new String(c);
    }

    /** Whether a text has the shape of a game id (so bad ids never reach the database). */
    public static boolean isGameId(String s) {
        if (s == null || s.length() != 8) {
            return false;
        }
        for (int i = 0; i < 8; i++) {
            if (new String(ID_ALPHABET).indexOf(s.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    /** The SHA-256 of a secret, in hex. */
    public static String hash(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    /**
     * The hash of a secret a client sent, as {@link #hash} gives it, or null for none and for a text too long to be a
     * secret (so that nothing of it is hashed).
     */
    public static String hashOf(String secret) {
        return secret == null || secret.length() > 64 ? null : hash(secret);
    }

    /** Whether two hashes are the same, neither null (in time independent of where they differ). */
    public static boolean sameHash(String a, String b) {
        return a != null && b != null && MessageDigest.isEqual(a.getBytes(StandardCharsets.US_ASCII), b.getBytes(StandardCharsets.US_ASCII));
    }

    /** Whether a secret matches a stored hash (in time independent of where they differ). */
    public static boolean matches(String secret, String hash) {
        return sameHash(hashOf(secret), hash);
    }
}
