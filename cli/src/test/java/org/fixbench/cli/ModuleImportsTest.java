package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.fixbench.harness.Layers;
import org.junit.jupiter.api.Test;

/**
 * No module uses another's internals: of the engines' packages, each module's main sources name the interface's
 * (org.fixbench.engine) and, for an engine, its own (org.fixbench.engine.NAME) only; the harness, the FIX library and
 * the engines' interface name no engine at all. Read from the import lines and fully qualified names of every
 * module's main sources ({@link Layers}), from the checkout's top folder. The benchmarks are the one exception: they
 * measure engines' internals (sbe's codec steps, each engine's own codec) by design.
 */
class ModuleImportsTest {
    private static final Path ROOT = Path.of("..");
    private static final String ENGINES = "org.fixbench.engine";

    @Test
    void noModuleUsesAnEnginesInternalsButTheEngineItself() throws IOException {
        List<String> wrong = new ArrayList<>();
        int modules = 0;
        for (Path main : mainSources()) {
            modules++;
            String module = ROOT.relativize(main.getParent().getParent()).toString();
            String own = module.startsWith("engines/") && !module.equals("engines/api")
                    ? ENGINES + "." + module.substring("engines/".length()) : null;
            for (Layers.Arrow a : Layers.scan(main.resolve("java"), ENGINES).arrows()) {
                boolean allowed = a.to().equals(ENGINES) || own != null
                        && (a.to().equals(own) || a.to().startsWith(own + "."));
                if (!allowed) {
                    wrong.add(module + ": " + a);
                }
            }
        }
        assertTrue(modules >= 10, "read the main sources of " + modules + " modules");
        assertEquals(List.of(), wrong, "an engine's internals used outside its module");
    }

    /**
     * The modules are layers, and every arrow between them points down: harness ← engines/api ← fix ← each engine ←
     * cli ← cluster (engines never use each other; the harness uses no module). Read from every module's main sources,
     * each reference to a package of the suite's taken to the module that holds the package.
     */
    @Test
    void everyArrowBetweenModulesPointsDown() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (Path main : mainSources()) {
            String module = ROOT.relativize(main.getParent().getParent()).toString();
            int from = layer(module);
            for (Layers.Arrow a : Layers.scan(main.resolve("java"), "org.fixbench").arrows()) {
                String to = moduleOf(a.to());
                if (to.equals(module)) {
                    continue;
                }
                int layer = layer(to);
                if (layer >= from) {
                    wrong.add(module + " → " + to + ": " + a);
                }
            }
        }
        assertEquals(List.of(), wrong, "an arrow between modules that does not point down");
    }

    /** The module that holds {@code pkg}. */
    private static String moduleOf(String pkg) {
        String[] parts = pkg.split("\\.");
        if (parts.length < 3) {
            return "?";
        }
        return switch (parts[2]) {
            case "engine" -> parts.length == 3 ? "engines/api" : "engines/" + parts[3];
            case "fix" -> "fix";
            case "harness" -> "harness";
            case "cli" -> "cli";
            case "cluster" -> "cluster";
            default -> "?";
        };
    }

    private static int layer(String module) {
        return switch (module) {
            case "harness" -> 0;
            case "engines/api" -> 1;
            case "fix" -> 2;
            case "cli" -> 4;
            case "cluster" -> 5;
            default -> module.startsWith("engines/") ? 3 : 99;
        };
    }

    /** Every module's {@code src/main} but the benchmarks', from the top folder's pom modules' folders. */
    private static List<Path> mainSources() throws IOException {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(ROOT, 4)) {
            walk.filter(p -> p.endsWith("src/main") && Files.isDirectory(p.resolve("java")))
                    .filter(p -> !p.toString().contains("node_modules") && !p.toString().contains("/target/"))
                    .filter(p -> !ROOT.relativize(p).startsWith("benchmarks"))
                    .sorted().forEach(found::add);
        }
        return found;
    }
}
