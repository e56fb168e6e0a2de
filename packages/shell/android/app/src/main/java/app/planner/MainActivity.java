package app.planner;

import android.os.Bundle;
import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {

    @Override
    protected void onCreate(Bundle savedInstanceState) {
        // The app's own plugin is not an npm package: register it before the bridge is built.
        registerPlugin(PlannerNativePlugin.class);
        super.onCreate(savedInstanceState);
    }
}
