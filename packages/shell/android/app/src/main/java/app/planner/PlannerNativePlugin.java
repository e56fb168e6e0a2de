package app.planner;

import android.app.DatePickerDialog;
import android.app.TimePickerDialog;
import android.content.Context;
import android.content.Intent;
import android.content.SharedPreferences;
import android.content.pm.PackageInfo;
import android.content.pm.PackageManager;
import android.text.format.DateFormat;
import androidx.annotation.NonNull;
import androidx.annotation.Nullable;
import androidx.core.content.pm.PackageInfoCompat;
import com.android.billingclient.api.AcknowledgePurchaseParams;
import com.android.billingclient.api.BillingClient;
import com.android.billingclient.api.BillingClient.BillingResponseCode;
import com.android.billingclient.api.BillingClientStateListener;
import com.android.billingclient.api.BillingFlowParams;
import com.android.billingclient.api.BillingResult;
import com.android.billingclient.api.PendingPurchasesParams;
import com.android.billingclient.api.ProductDetails;
import com.android.billingclient.api.Purchase;
import com.android.billingclient.api.PurchasesUpdatedListener;
import com.android.billingclient.api.QueryProductDetailsParams;
import com.android.billingclient.api.QueryPurchasesParams;
import com.getcapacitor.JSArray;
import com.getcapacitor.JSObject;
import com.getcapacitor.Logger;
import com.getcapacitor.Plugin;
import com.getcapacitor.PluginCall;
import com.getcapacitor.PluginMethod;
import com.getcapacitor.annotation.CapacitorPlugin;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Collections;
import java.util.List;
import java.util.TimeZone;
import org.json.JSONObject;

/**
 * The shell's own plugin: what Capacitor's stock plugins do not cover. Its contract (names,
 * options, answers, error codes) is PlannerNativePlugin in packages/web/src/native/bridge-contract.ts.
 */
@CapacitorPlugin(name = "PlannerNative")
public class PlannerNativePlugin extends Plugin implements PurchasesUpdatedListener {

    /** The intent extra a widget or notification sets to have the app open a route. */
    public static final String EXTRA_ROUTE = "app.planner.ROUTE";

    /** Private preferences, left out of backups (res/xml/backup_rules.xml). */
    private static final String PREFS = "planner_native";
    private static final int MAX_PENDING_ROUTES = 20;

    private final List<String> pendingRoutes = new ArrayList<>();
    private BillingClient billing;

    /** The purchase under way (main thread only): one at a time. */
    @Nullable
    private PluginCall purchaseCall;

    @Nullable
    private String purchaseProductId;

    @Override
    public void load() {
        billing = BillingClient.newBuilder(getContext())
            .setListener(this)
            .enablePendingPurchases(PendingPurchasesParams.newBuilder().enableOneTimeProducts().build())
            .build();
    }

    @Override
    protected void handleOnDestroy() {
        billing.endConnection();
    }

    // Routes: the launch intent and every new intent pass through here (BridgeActivity.load).

    @Override
    protected void handleOnNewIntent(Intent intent) {
        super.handleOnNewIntent(intent);
        String route = intent.getStringExtra(EXTRA_ROUTE);
        if (route == null || route.isEmpty()) return;
        intent.removeExtra(EXTRA_ROUTE);
        synchronized (pendingRoutes) {
            if (pendingRoutes.size() < MAX_PENDING_ROUTES) pendingRoutes.add(route);
        }
    }

    @PluginMethod
    public void takePendingRoutes(PluginCall call) {
        JSArray routes;
        synchronized (pendingRoutes) {
            routes = new JSArray(pendingRoutes);
            pendingRoutes.clear();
        }
        JSObject answer = new JSObject();
        answer.put("routes", routes);
        call.resolve(answer);
    }

    // API base and session token, for widgets and background sync.

    @PluginMethod
    public void setApiConfig(PluginCall call) {
        String baseUrl = call.getString("baseUrl");
        if (baseUrl == null || baseUrl.isEmpty()) {
            call.reject("baseUrl is required", "INVALID");
            return;
        }
        // androidx.security is not a dependency: plain private preferences, not backed up.
        String token = call.getString("token");
        SharedPreferences.Editor edit = getContext().getSharedPreferences(PREFS, Context.MODE_PRIVATE).edit();
        edit.putString("baseUrl", baseUrl);
        if (token == null) edit.remove("token");
        else edit.putString("token", token);
        if (edit.commit()) call.resolve();
        else call.reject("The API config could not be saved", "FAILED");
    }

    @PluginMethod
    public void capabilities(PluginCall call) {
        try {
            PackageInfo info = getContext().getPackageManager().getPackageInfo(getContext().getPackageName(), 0);
            JSObject answer = new JSObject();
            answer.put("nativeVersion", info.versionName + " (" + PackageInfoCompat.getLongVersionCode(info) + ")");
            answer.put("appleCalendar", false);
            call.resolve(answer);
        } catch (PackageManager.NameNotFoundException e) {
            call.reject("The app's own package is unknown", "FAILED", e);
        }
    }

    // What Android has no equivalent for. (Google and Facebook sign-in run in the system
    // browser through the Browser plugin and the app.planner://oauth link: no SDK here.)

    @PluginMethod
    public void listCalendars(PluginCall call) {
        call.unavailable("Apple calendars are read on iOS only");
    }

    @PluginMethod
    public void readCalendarEvents(PluginCall call) {
        call.unavailable("Apple calendars are read on iOS only");
    }

    @PluginMethod
    public void calendarSyncStatus(PluginCall call) {
        call.unavailable("Apple calendars are read on iOS only");
    }

    // Date and time pickers: seconds, in the request's zone, within minimum and maximum.

    @PluginMethod
    public void pickDateTime(PluginCall call) {
        String mode = call.getString("mode");
        Long selected = number(call, "selected");
        Long minimum = number(call, "minimum");
        Long maximum = number(call, "maximum");
        String zone = call.getString("timezone");
        TimeZone timeZone = zone == null ? null : TimeZone.getTimeZone(zone);
        boolean knownMode = "date".equals(mode) || "time".equals(mode) || "dateTime".equals(mode);
        if (!knownMode || selected == null || minimum == null || maximum == null || minimum > maximum) {
            call.reject("mode, selected, minimum and maximum (seconds, minimum <= maximum) are required", "INVALID");
            return;
        }
        // TimeZone.getTimeZone answers GMT for an id it does not know.
        if (timeZone == null || !timeZone.getID().equals(zone)) {
            call.reject("Unknown timezone " + zone, "INVALID");
            return;
        }
        Calendar chosen = Calendar.getInstance(timeZone);
        chosen.setTimeInMillis(Math.max(minimum, Math.min(maximum, selected)) * 1000L);
        getActivity().runOnUiThread(() -> {
            if ("time".equals(mode)) pickTime(call, chosen, minimum, maximum);
            else pickDate(call, mode, chosen, minimum, maximum);
        });
    }

    private void pickDate(PluginCall call, String mode, Calendar chosen, long minimum, long maximum) {
        DatePickerDialog dialog = new DatePickerDialog(
            getActivity(),
            (view, year, month, day) -> {
                chosen.set(year, month, day);
                if ("date".equals(mode)) answerPicked(call, chosen, minimum, maximum);
                else pickTime(call, chosen, minimum, maximum);
            },
            chosen.get(Calendar.YEAR),
            chosen.get(Calendar.MONTH),
            chosen.get(Calendar.DAY_OF_MONTH)
        );
        // DatePicker reads its bounds in the device's zone: give it the bounds' days in the request's zone.
        dialog.getDatePicker().setMinDate(deviceDay(minimum, chosen.getTimeZone(), false));
        dialog.getDatePicker().setMaxDate(deviceDay(maximum, chosen.getTimeZone(), true));
        dialog.setOnCancelListener((d) -> answerDismissed(call));
        dialog.show();
    }

    private void pickTime(PluginCall call, Calendar chosen, long minimum, long maximum) {
        TimePickerDialog dialog = new TimePickerDialog(
            getActivity(),
            (view, hour, minute) -> {
                chosen.set(Calendar.HOUR_OF_DAY, hour);
                chosen.set(Calendar.MINUTE, minute);
                chosen.set(Calendar.SECOND, 0);
                chosen.set(Calendar.MILLISECOND, 0);
                answerPicked(call, chosen, minimum, maximum);
            },
            chosen.get(Calendar.HOUR_OF_DAY),
            chosen.get(Calendar.MINUTE),
            DateFormat.is24HourFormat(getContext())
        );
        dialog.setOnCancelListener((d) -> answerDismissed(call));
        dialog.show();
    }

    /** The start (or last millisecond) of the calendar day of `seconds` in `zone`, in the device's zone. */
    private static long deviceDay(long seconds, TimeZone zone, boolean endOfDay) {
        Calendar inZone = Calendar.getInstance(zone);
        inZone.setTimeInMillis(seconds * 1000L);
        Calendar onDevice = Calendar.getInstance();
        onDevice.clear();
        onDevice.set(inZone.get(Calendar.YEAR), inZone.get(Calendar.MONTH), inZone.get(Calendar.DAY_OF_MONTH));
        if (endOfDay) {
            onDevice.add(Calendar.DAY_OF_MONTH, 1);
            onDevice.add(Calendar.MILLISECOND, -1);
        }
        return onDevice.getTimeInMillis();
    }

    private static void answerPicked(PluginCall call, Calendar chosen, long minimum, long maximum) {
        JSObject answer = new JSObject();
        answer.put("selected", Math.max(minimum, Math.min(maximum, chosen.getTimeInMillis() / 1000L)));
        call.resolve(answer);
    }

    private static void answerDismissed(PluginCall call) {
        JSObject answer = new JSObject();
        answer.put("selected", JSONObject.NULL);
        call.resolve(answer);
    }

    /** A JSON number option (org.json hands over Integer, Long or Double), or null. */
    @Nullable
    private static Long number(PluginCall call, String key) {
        Object value = call.getData().opt(key);
        return value instanceof Number ? ((Number) value).longValue() : null;
    }

    // Purchases with Google Play Billing: the subscription's first offer; answers the purchase token.

    @PluginMethod
    public void purchase(PluginCall call) {
        String productId = call.getString("productId");
        if (productId == null || productId.isEmpty()) {
            call.reject("productId is required", "INVALID");
            return;
        }
        // Billing answers on the main thread: the purchase state lives there too.
        getActivity().runOnUiThread(() -> {
            if (purchaseCall != null) {
                call.reject("A purchase is already under way", "BUSY");
                return;
            }
            purchaseCall = call;
            purchaseProductId = productId;
            connectBilling(() -> queryAndLaunch(productId));
        });
    }

    private void connectBilling(Runnable ready) {
        if (billing.isReady()) {
            ready.run();
            return;
        }
        billing.startConnection(
            new BillingClientStateListener() {
                @Override
                public void onBillingSetupFinished(@NonNull BillingResult result) {
                    if (result.getResponseCode() == BillingResponseCode.OK) ready.run();
                    else failPurchase(result);
                }

                @Override
                public void onBillingServiceDisconnected() {
                    // The next purchase connects again.
                }
            }
        );
    }

    private void queryAndLaunch(String productId) {
        QueryProductDetailsParams params = QueryProductDetailsParams.newBuilder()
            .setProductList(
                Collections.singletonList(
                    QueryProductDetailsParams.Product.newBuilder()
                        .setProductId(productId)
                        .setProductType(BillingClient.ProductType.SUBS)
                        .build()
                )
            )
            .build();
        billing.queryProductDetailsAsync(params, (result, productDetailsList) -> {
            if (result.getResponseCode() != BillingResponseCode.OK) {
                failPurchase(result);
                return;
            }
            ProductDetails product = productDetailsList.isEmpty() ? null : productDetailsList.get(0);
            List<ProductDetails.SubscriptionOfferDetails> offers = product == null ? null : product.getSubscriptionOfferDetails();
            if (product == null || offers == null || offers.isEmpty()) {
                endPurchase().reject("Google Play sells no subscription " + productId, "UNAVAILABLE");
                return;
            }
            BillingFlowParams flow = BillingFlowParams.newBuilder()
                .setProductDetailsParamsList(
                    Collections.singletonList(
                        BillingFlowParams.ProductDetailsParams.newBuilder()
                            .setProductDetails(product)
                            .setOfferToken(offers.get(0).getOfferToken())
                            .build()
                    )
                )
                .build();
            BillingResult launched = billing.launchBillingFlow(getActivity(), flow);
            if (launched.getResponseCode() != BillingResponseCode.OK) failPurchase(launched);
            // Otherwise onPurchasesUpdated answers.
        });
    }

    @Override
    public void onPurchasesUpdated(@NonNull BillingResult result, @Nullable List<Purchase> purchases) {
        if (purchaseCall == null) return; // Not a purchase this plugin started.
        if (result.getResponseCode() != BillingResponseCode.OK) {
            failPurchase(result);
            return;
        }
        Purchase bought = null;
        if (purchases != null) {
            for (Purchase purchase : purchases) {
                if (purchase.getProducts().contains(purchaseProductId)) bought = purchase;
            }
        }
        if (bought == null) {
            endPurchase().reject("Google Play answered no purchase of " + purchaseProductId, "FAILED");
        } else if (bought.getPurchaseState() != Purchase.PurchaseState.PURCHASED) {
            endPurchase().reject("The purchase waits for payment", "PENDING");
        } else {
            acknowledgeAndAnswer(bought);
        }
    }

    /**
     * Play refunds a purchase not acknowledged within three days, and the server only reads the
     * subscription's state: the device acknowledges before handing the token over.
     */
    private void acknowledgeAndAnswer(Purchase purchase) {
        if (purchase.isAcknowledged()) {
            answerPurchase(purchase);
            return;
        }
        AcknowledgePurchaseParams params = AcknowledgePurchaseParams.newBuilder().setPurchaseToken(purchase.getPurchaseToken()).build();
        billing.acknowledgePurchase(params, (ack) -> {
            if (ack.getResponseCode() != BillingResponseCode.OK) {
                Logger.warn(getLogTag(), "Acknowledging the purchase failed: " + ack.getResponseCode());
            }
            answerPurchase(purchase);
        });
    }

    private void answerPurchase(Purchase purchase) {
        JSObject answer = new JSObject();
        answer.put("googlePlayPurchaseToken", purchase.getPurchaseToken());
        endPurchase().resolve(answer);
    }

    /** Rejects the purchase with the contract's code; an owned subscription answers its token. */
    private void failPurchase(BillingResult result) {
        int code = result.getResponseCode();
        if (code == BillingResponseCode.ITEM_ALREADY_OWNED) {
            QueryPurchasesParams params = QueryPurchasesParams.newBuilder().setProductType(BillingClient.ProductType.SUBS).build();
            billing.queryPurchasesAsync(params, (queried, owned) -> {
                for (Purchase purchase : owned) {
                    if (purchase.getProducts().contains(purchaseProductId) && purchase.getPurchaseState() == Purchase.PurchaseState.PURCHASED) {
                        acknowledgeAndAnswer(purchase);
                        return;
                    }
                }
                endPurchase().reject("The subscription is owned but Google Play did not list it", "FAILED");
            });
            return;
        }
        String message = "Google Play Billing: " + (result.getDebugMessage().isEmpty() ? "response " + code : result.getDebugMessage());
        endPurchase().reject(message, billingCode(code));
    }

    private static String billingCode(int code) {
        switch (code) {
            case BillingResponseCode.USER_CANCELED:
                return "CANCELLED";
            case BillingResponseCode.BILLING_UNAVAILABLE:
            case BillingResponseCode.SERVICE_UNAVAILABLE:
            case BillingResponseCode.SERVICE_DISCONNECTED:
            case BillingResponseCode.FEATURE_NOT_SUPPORTED:
            case BillingResponseCode.ITEM_UNAVAILABLE:
            case BillingResponseCode.NETWORK_ERROR:
                return "UNAVAILABLE";
            default:
                return "FAILED";
        }
    }

    /** Clears the purchase under way and answers its call. */
    private PluginCall endPurchase() {
        PluginCall call = purchaseCall;
        purchaseCall = null;
        purchaseProductId = null;
        return call;
    }
}
