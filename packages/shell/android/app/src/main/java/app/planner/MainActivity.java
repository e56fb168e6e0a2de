package app.planner;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
