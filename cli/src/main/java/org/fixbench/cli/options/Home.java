package org.fixbench.cli.options;

import java.nio.file.Path;

/** The suite's checkout: where {@code results/} and {@code fix-configs/} live ({@code -Dfixbench.home}, else "."). */
public final class Home {
    private Home() {
    }

    public static Path path() {
        return Path.of(System.getProperty("fixbench.home", ".")).toAbsolutePath().normalize();
    }
}
