package org.fixbench.cli.run;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.engine.EngineSpec;

/** What the results record of each engine × profile: versions, the profile file, its content and SHA-256. */
public final class EngineEnvironment {
    private EngineEnvironment() {
    }

    public static Map<String, Object> describe(List<EngineSpec> specs) {
        Map<String, Object> engines = new LinkedHashMap<>();
        for (EngineSpec spec : specs) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("engine", spec.engine().name());
            e.put("profile", spec.profile());
            e.put("versions", spec.engine().versions());
            Path file = spec.baseProfileFile();
            e.put("profileFile", org.fixbench.cli.options.Home.path().relativize(file.toAbsolutePath().normalize()).toString());
            if (!spec.overrides().isEmpty()) {
                e.put("overrides", spec.overrides()); // the content and hash below are of the profile as run
            }
            try {
                byte[] bytes = spec.effectiveProfile().getBytes(StandardCharsets.UTF_8);
                e.put("profileSha256", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)));
                e.put("profileContent", new String(bytes, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException | NoSuchAlgorithmException ex) {
                e.put("profileSha256", "unreadable: " + ex.getMessage());
            }
            engines.put(spec.label(), e);
        }
        return engines;
    }
}
