package dev.meijin.server.socket;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The one JSON mapper of the server. */
public final class Json {
    private Json() {}

    /** A mapper that writes nulls, fails on nothing it writes, and reads strictly. */
    public static JsonMapper mapper() {
        return JsonMapper.builder().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS).build();
    }
}
