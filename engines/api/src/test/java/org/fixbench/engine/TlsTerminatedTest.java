package org.fixbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The engine every command runs is wrapped ({@link TlsTerminated}): a wrapper that left out one of the interface's
 * default methods would silently answer with the default, not the engine's own answer. Each wrapper declares every
 * method of what it wraps.
 */
class TlsTerminatedTest {

    @Test
    void theWrappersDeclareEveryMethodOfWhatTheyWrap() {
        assertEquals(List.of(), missing(FixEngine.class, TlsTerminated.class));
        assertEquals(List.of(), missing(EngineClient.class, TlsTerminated.Client.class));
        assertEquals(List.of(), missing(ReportListener.class, TlsTerminated.Watched.class));
    }

    @Test
    void anEngineIsWrappedOnce() {
        FixEngine engine = TlsTerminated.around(new FixEngine() {
            public String name() { return "fake"; }
            public String defaultProfile() { return "fake"; }
            public List<Setting> settings() { return List.of(); }
            public java.util.Map<String, String> versions() { return java.util.Map.of(); }
            public EngineServer server(EngineSetup setup) { throw new UnsupportedOperationException(); }
            public EngineClient client(EngineSetup setup) { throw new UnsupportedOperationException(); }
        });
        assertSame(engine, TlsTerminated.around(engine));
    }

    private static List<String> missing(Class<?> api, Class<?> wrapper) {
        return Arrays.stream(api.getMethods()).filter(m -> !Modifier.isStatic(m.getModifiers()))
                .filter(m -> Arrays.stream(wrapper.getDeclaredMethods()).noneMatch(w -> same(m, w)))
                .map(Method::toString).toList();
    }

    private static boolean same(Method m, Method w) {
        return w.getName().equals(m.getName()) && Arrays.equals(w.getParameterTypes(), m.getParameterTypes());
    }
}
