package org.fixbench.cli.run;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.results.Secrets;

/**
 * What the results record of each engine × profile: versions, where its sessions keep their numbers and messages
 * ({@link org.fixbench.engine.Durability}, since 2026-12-07), how they speak TLS ({@link org.fixbench.engine.Tls},
 * since 2026-12-07), the profile file, its content and SHA-256. A secret in
 * the profile ({@link Secrets}) is recorded as ***; the SHA-256 is then that of the recorded text followed by a line
 * holding the secrets' {@link Secrets#fingerprint}, so that two files that differ only in a secret still differ here.
 * Without a secret in it, it is the SHA-256 of the profile's text (of the file itself, when run without overrides).
 */
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
            e.put(ComparisonRecord.DURABILITY, spec.engine().durability(spec.profileFile()).word());
            if (spec.engine().durabilityDeclared(spec.profileFile())) {
                e.put(ComparisonRecord.DURABILITY_DECLARED, true);
            }
            e.put(ComparisonRecord.TLS, spec.engine().tls(spec.profileFile()).word());
            Path file = spec.baseProfileFile();
            e.put("profileFile", org.fixbench.cli.options.Home.path().relativize(file.toAbsolutePath().normalize()).toString());
            if (!spec.overrides().isEmpty()) {
                e.put("overrides", spec.overrides()); // the content and hash below are of the profile as run
            }
            try {
                String text = spec.effectiveProfile();
                String recorded = Secrets.mask(text);
                String hashed = recorded.equals(text) ? text : recorded + "\n" + Secrets.fingerprint(text) + "\n";
                e.put("profileSha256", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                        .digest(hashed.getBytes(StandardCharsets.UTF_8))));
                if (!recorded.equals(text)) {
                    e.put("profileSecrets", "masked as " + Secrets.MASK + "; profileSha256 is of profileContent and a "
                            + "line of their PBKDF2 fingerprint");
                }
                e.put("profileContent", recorded);
            } catch (IllegalArgumentException | NoSuchAlgorithmException ex) {
                e.put("profileSha256", "unreadable: " + ex.getMessage());
            }
            engines.put(spec.label(), e);
        }
        return engines;
    }
}
