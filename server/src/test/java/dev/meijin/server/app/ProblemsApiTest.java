package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code GET /api/problems…} over HTTP: the collection's lengths, a problem drawn by length, one by its id. */
class ProblemsApiTest {
    @TempDir
    Path dir;
    @AutoClose
    Harness h;

    @BeforeEach
    void start() {
        h = new Harness(dir);
    }

    @Test
    void theLengthsAreCountedAndAProblemIsDrawnOfTheLengthAskedFor() {
        Harness.Answer counts = h.get("/api/problems");
        assertThat(counts.status()).as(counts.text()).isEqualTo(200);
        assertThat(counts.body().get("counts")).isEqualTo(Harness.JSON.readTree("{\"1\":182,\"3\":394,\"5\":179,\"7\":109,\"9\":382,\"11\":95}"));

        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 10; i++) {
            Harness.Answer a = h.get("/api/problems/random?plies=5&not=tanuki-5te-0002");
            assertThat(a.status()).as(a.text()).isEqualTo(200);
            JsonNode p = a.body();
            assertThat(p.get("plies").asInt()).isEqualTo(5);
            assertThat(p.get("id").asString()).startsWith("tanuki-5te-").isNotEqualTo("tanuki-5te-0002");
            assertThat(p.has("moves")).as("the solution is the solver's to give").isFalse();
            ids.add(p.get("id").asString());
            // The same problem by its id.
            assertThat(h.get("/api/problems/" + p.get("id").asString()).body()).isEqualTo(p);
        }
        assertThat(ids).as("ten draws among 178").hasSizeGreaterThan(5);
        assertThat(h.get("/api/problems/tanuki-5te-0002").status()).as("the one left out is there").isEqualTo(200);
        assertThat(h.get("/api/problems/random").body().get("plies").asInt()).as("the shortest without a length").isEqualTo(1);
        JsonNode first = h.get("/api/problems/tanuki-1te-0001").body();
        assertThat(first.get("sfen").asString()).isEqualTo("9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1");
    }

    @Test
    void aLengthNotInTheCollectionAndAnUnknownIdAreRefused() {
        Harness.Answer two = h.get("/api/problems/random?plies=2");
        assertThat(two.status()).isEqualTo(400);
        assertThat(two.body().get("error").get("code").asString()).isEqualTo("bad_field");
        assertThat(two.body().get("error").get("message").asString())
                .isEqualTo("plies must be one of the collection's lengths [1, 3, 5, 7, 9, 11], not 2");
        assertThat(h.get("/api/problems/random?plies=five").body().get("error").get("message").asString()).endsWith(", not five");
        Harness.Answer unknown = h.get("/api/problems/tanuki-2te-0001");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.body().get("error").get("code").asString()).isEqualTo("unknown_problem");
        assertThat(unknown.body().get("error").get("message").asString()).isEqualTo("no problem \"tanuki-2te-0001\" in the collection");
    }
}
