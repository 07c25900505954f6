package org.fixbench.engine;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * Library versions as the jars on the class path declare them: their Maven {@code pom.properties}, else the
 * manifest's Implementation-Version of a class from the jar (jars built with Gradle carry no pom.properties).
 */
public final class Versions {
    private Versions() {
    }

    public static String of(String groupId, String artifactId, Class<?> classInJar) {
        String version = of(groupId, artifactId);
        if (!"unknown".equals(version)) {
            return version;
        }
        String declared = classInJar.getPackage() == null ? null : classInJar.getPackage().getImplementationVersion();
        return declared == null ? "unknown" : declared;
    }

    public static String of(String groupId, String artifactId) {
        String resource = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
        try (InputStream in = Versions.class.getResourceAsStream(resource)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
