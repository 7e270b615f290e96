package org.tron.core.zen;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import javax.annotation.PostConstruct;
import lombok.extern.slf4j.Slf4j;
import org.apache.commons.io.FileUtils;
import org.springframework.stereotype.Component;
import org.tron.common.zksnark.JLibrustzcash;
import org.tron.common.zksnark.LibrustzcashParam;
import org.tron.core.exception.TronError;
import org.tron.core.exception.ZksnarkException;

/**
 * tronode's oracle build: java-tron's public mirror lacks params/sapling-spend.params, so this
 * stand-in for java-tron's ZksnarkInitService loads the Sapling parameters only when both files are
 * in the jar, and otherwise starts without them (logged): shielded proving and proof checks are
 * then unavailable, everything else runs as java-tron's. Same class and entry points as java-tron's.
 */
@Slf4j(topic = "API")
@Component
public class ZksnarkInitService {

  private static final String SPEND_HASH =
      "25fd9a0d1c1be0526c14662947ae95b758fe9f3d7fb7f55e9b4437830dcc6215a7ce3ea465"
          + "914b157715b7a4d681389ea4aa84438190e185d5e4c93574d3a19a";
  private static final String OUTPUT_HASH =
      "a1cb23b93256adce5bce2cb09cefbc96a1d16572675ceb691e9a3626ec15b5b546926ff1c"
          + "536cfe3a9df07d796b32fdfc3e5d99d65567257bf286cd2858d71a6";

  @PostConstruct
  private void init() {
    librustzcashInitZksnarkParams();
  }

  public static void librustzcashInitZksnarkParams() {
    if (!JLibrustzcash.isOpenZen()) {
      logger.info("zen switch is off, zen will not start.");
      return;
    }
    String spend = extracted("sapling-spend.params");
    String output = extracted("sapling-output.params");
    if (spend == null || output == null) {
      logger.warn("tronode oracle build: Sapling parameters absent, zk params not loaded");
      return;
    }
    try {
      JLibrustzcash.librustzcashInitZksnarkParams(
          new LibrustzcashParam.InitZksnarkParams(spend, SPEND_HASH, output, OUTPUT_HASH));
    } catch (ZksnarkException e) {
      throw new TronError(e, TronError.ErrCode.ZCASH_INIT);
    }
  }

  /** The params file copied out of the jar, or null when the jar has none. */
  private static String extracted(String name) {
    InputStream in = Thread.currentThread().getContextClassLoader()
        .getResourceAsStream("params" + File.separator + name);
    if (in == null) {
      return null;
    }
    File out = new File(System.getProperty("java.io.tmpdir") + File.separator + name + "."
        + System.currentTimeMillis());
    try {
      FileUtils.copyToFile(in, out);
    } catch (IOException e) {
      logger.error(e.getMessage(), e);
      return null;
    }
    out.deleteOnExit();
    return out.getAbsolutePath();
  }
}
