import Capacitor
import EventKit
import Security
import StoreKit
import UIKit

/// Main.storyboard's bridge view controller: registers the app's own plugin with the bridge.
class PlannerBridgeViewController: CAPBridgeViewController {
    override func capacitorDidLoad() {
        bridge?.registerPluginInstance(PlannerNativePlugin())
    }
}

/// The shell's own plugin: what Capacitor's stock plugins do not cover. Its contract (names,
/// options, answers, error codes) is PlannerNativePlugin in packages/web/src/native/bridge-contract.ts.
@objc(PlannerNativePlugin)
public class PlannerNativePlugin: CAPPlugin, CAPBridgedPlugin {
    public let identifier = "PlannerNativePlugin"
    public let jsName = "PlannerNative"
    public let pluginMethods: [CAPPluginMethod] = [
        CAPPluginMethod(name: "purchase", returnType: CAPPluginReturnPromise),
        CAPPluginMethod(name: "restorePurchases", returnType: CAPPluginReturnPromise),
        CAPPluginMethod(name: "listCalendars", returnType: CAPPluginReturnPromise),
        CAPPluginMethod(name: "readCalendarEvents", returnType: CAPPluginReturnPromise),
        CAPPluginMethod(name: "calendarSyncStatus", returnType: CAPPluginReturnPromise),
        CAPPluginMethod(name: "setApiConfig", returnType: CAPPluginReturnPromise),
        CAPPluginMethod(name: "pickDateTime", returnType: CAPPluginReturnPromise),
        CAPPluginMethod(name: "takePendingRoutes", returnType: CAPPluginReturnPromise),
        CAPPluginMethod(name: "capabilities", returnType: CAPPluginReturnPromise)
    ]

    private static let baseUrlKey = "PlannerNative.baseUrl"
    private static let pendingRoutesKey = "PlannerNative.pendingRoutes"
    private static let maxPendingRoutes = 20
    private static let tokenItem: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: "app.planner.session",
        kSecAttrAccount as String: "token"
    ]

    private let eventStore = EKEventStore()
    /// Listens to Transaction.updates for the plugin's life (iOS 15+).
    private var transactionUpdates: Task<Void, Never>?

    override public func load() {
        if #available(iOS 15.0, *) {
            transactionUpdates = Task { [weak self] in await self?.listenForTransactions() }
        }
    }

    deinit {
        transactionUpdates?.cancel()
    }

    // MARK: Routes

    /// Queues a route for the web app until it asks (takePendingRoutes), for native parts that
    /// open the app (a widget, a push launch); kept in UserDefaults so a relaunch keeps it.
    static func queueRoute(_ route: String) {
        let defaults = UserDefaults.standard
        var routes = defaults.stringArray(forKey: pendingRoutesKey) ?? []
        guard !route.isEmpty, routes.count < maxPendingRoutes else { return }
        routes.append(route)
        defaults.set(routes, forKey: pendingRoutesKey)
    }

    @objc func takePendingRoutes(_ call: CAPPluginCall) {
        let defaults = UserDefaults.standard
        let routes = defaults.stringArray(forKey: Self.pendingRoutesKey) ?? []
        defaults.removeObject(forKey: Self.pendingRoutesKey)
        call.resolve(["routes": routes])
    }

    // MARK: API base and session token (for widgets and background sync)

    @objc func setApiConfig(_ call: CAPPluginCall) {
        guard let baseUrl = call.getString("baseUrl"), !baseUrl.isEmpty else {
            call.reject("baseUrl is required", "INVALID")
            return
        }
        UserDefaults.standard.set(baseUrl, forKey: Self.baseUrlKey)
        let status = Self.storeToken(call.getString("token"))
        if status == errSecSuccess {
            call.resolve()
        } else {
            call.reject("The Keychain refused the session token (\(status))", "FAILED")
        }
    }

    /// Replaces the Keychain's session token (nil removes it); readable after the first unlock,
    /// never backed up or moved to another device.
    private static func storeToken(_ token: String?) -> OSStatus {
        let deleted = SecItemDelete(tokenItem as CFDictionary)
        guard deleted == errSecSuccess || deleted == errSecItemNotFound else { return deleted }
        guard let token = token else { return errSecSuccess }
        var item = tokenItem
        item[kSecValueData as String] = Data(token.utf8)
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        return SecItemAdd(item as CFDictionary, nil)
    }

    @objc func capabilities(_ call: CAPPluginCall) {
        let info = Bundle.main.infoDictionary
        let version = info?["CFBundleShortVersionString"] as? String ?? ""
        let build = info?["CFBundleVersion"] as? String ?? ""
        call.resolve([
            "nativeVersion": "\(version) (\(build))",
            "appleCalendar": EKEventStore.authorizationStatus(for: .event) != .restricted
        ])
    }

    // MARK: Device calendars (EventKit)

    /// Asks for full calendar access (the system asks the person once) and runs `granted` with it.
    private func withCalendarAccess(_ call: CAPPluginCall, _ granted: @escaping () -> Void) {
        let answered: (Bool, Error?) -> Void = { allowed, error in
            if allowed {
                granted()
            } else {
                call.reject(error?.localizedDescription ?? "Calendar access denied", "DENIED")
            }
        }
        if #available(iOS 17.0, *) {
            eventStore.requestFullAccessToEvents { allowed, error in answered(allowed, error) }
        } else {
            eventStore.requestAccess(to: .event) { allowed, error in answered(allowed, error) }
        }
    }

    @objc func listCalendars(_ call: CAPPluginCall) {
        withCalendarAccess(call) { [weak self] in
            guard let self = self else { return }
            // Binds are by title: one entry per title.
            var seen = Set<String>()
            var calendars: [[String: Any]] = []
            for calendar in self.eventStore.calendars(for: .event) where seen.insert(calendar.title).inserted {
                var entry: [String: Any] = ["title": calendar.title]
                if let color = Self.hex(calendar.cgColor) { entry["color"] = color }
                calendars.append(entry)
            }
            call.resolve(["calendars": calendars])
        }
    }

    /// The occurrences of [start, end) (ms) in the calendars with these titles. An occurrence's id
    /// is its event's identifier and its original start, so a moved occurrence keeps its id.
    @objc func readCalendarEvents(_ call: CAPPluginCall) {
        guard let titles = call.getArray("calendarTitles", String.self),
              let start = call.getDouble("start"),
              let end = call.getDouble("end"),
              start < end else {
            call.reject("calendarTitles, start and end (ms, start < end) are required", "INVALID")
            return
        }
        withCalendarAccess(call) { [weak self] in
            guard let self = self else { return }
            let wanted = Set(titles)
            let calendars = self.eventStore.calendars(for: .event).filter { wanted.contains($0.title) }
            // An empty list would mean every calendar to EventKit.
            guard !calendars.isEmpty else {
                call.resolve(["events": [[String: Any]]()])
                return
            }
            let predicate = self.eventStore.predicateForEvents(
                withStart: Date(timeIntervalSince1970: start / 1000),
                end: Date(timeIntervalSince1970: end / 1000),
                calendars: calendars
            )
            let events: [[String: Any]] = self.eventStore.events(matching: predicate).compactMap { event in
                guard let startDate = event.startDate, let endDate = event.endDate else { return nil }
                let occurrence: Date = event.occurrenceDate ?? startDate
                return [
                    "id": "\(event.eventIdentifier ?? "")@\(Self.millis(occurrence))",
                    "calendarTitle": event.calendar.title,
                    "title": event.title ?? "",
                    "start": Self.millis(startDate),
                    "end": Self.millis(endDate),
                    "allDay": event.isAllDay,
                    // All-day and floating events have no zone of their own: the device's.
                    "timezone": (event.timeZone ?? TimeZone.current).identifier
                ]
            }
            call.resolve(["events": events])
        }
    }

    /// The web app runs the upload itself: the shell only knows whether it may read.
    @objc func calendarSyncStatus(_ call: CAPPluginCall) {
        let status = EKEventStore.authorizationStatus(for: .event)
        var denied = status == .denied || status == .restricted
        if #available(iOS 17.0, *) {
            denied = denied || status == .writeOnly
        }
        call.resolve(denied ? ["status": "denied", "message": "Calendar access denied"] : ["status": "idle", "message": ""])
    }

    private static func millis(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 * 1000).rounded())
    }

    private static func hex(_ color: CGColor?) -> String? {
        guard let color = color else { return nil }
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        guard UIColor(cgColor: color).getRed(&red, green: &green, blue: &blue, alpha: &alpha) else { return nil }
        let byte = { (part: CGFloat) in Int((min(max(part, 0), 1) * 255).rounded()) }
        return String(format: "#%02X%02X%02X", byte(red), byte(green), byte(blue))
    }

    // MARK: Date and time picker (seconds, in the request's zone, within minimum and maximum)

    @objc func pickDateTime(_ call: CAPPluginCall) {
        let modes: [String: UIDatePicker.Mode] = ["date": .date, "time": .time, "dateTime": .dateAndTime]
        guard let mode = call.getString("mode").flatMap({ modes[$0] }),
              let selected = call.getDouble("selected"),
              let minimum = call.getDouble("minimum"),
              let maximum = call.getDouble("maximum"),
              minimum <= maximum,
              let zone = call.getString("timezone").flatMap({ TimeZone(identifier: $0) }) else {
            call.reject("mode, selected, minimum, maximum (seconds, minimum <= maximum) and a known timezone are required", "INVALID")
            return
        }
        DispatchQueue.main.async { [weak self] in
            guard let presenter = self?.bridge?.viewController else {
                call.reject("No screen to show the picker on", "UNAVAILABLE")
                return
            }
            let picker = DateTimePickerController(
                mode: mode,
                selected: Date(timeIntervalSince1970: min(max(selected, minimum), maximum)),
                minimum: Date(timeIntervalSince1970: minimum),
                maximum: Date(timeIntervalSince1970: maximum),
                timeZone: zone
            ) { chosen in
                guard let chosen = chosen else {
                    call.resolve(["selected": NSNull()])
                    return
                }
                var seconds = chosen.timeIntervalSince1970.rounded(.down)
                if mode != .date { seconds -= seconds.truncatingRemainder(dividingBy: 60) }
                call.resolve(["selected": Int(min(max(seconds, minimum), maximum))])
            }
            let sheet = UINavigationController(rootViewController: picker)
            sheet.presentationController?.delegate = picker
            presenter.present(sheet, animated: true)
        }
    }

    // MARK: Purchases (StoreKit 2): answers the signed transaction (JWS) the server verifies

    @objc func purchase(_ call: CAPPluginCall) {
        guard let productId = call.getString("productId"), !productId.isEmpty else {
            call.reject("productId is required", "INVALID")
            return
        }
        guard #available(iOS 15.0, *) else {
            call.unavailable("App Store purchases need iOS 15 or later")
            return
        }
        Task { await self.buy(productId, call) }
    }

    @available(iOS 15.0, *)
    private func buy(_ productId: String, _ call: CAPPluginCall) async {
        do {
            guard let product = try await Product.products(for: [productId]).first else {
                call.reject("The App Store sells no product \(productId)", "UNAVAILABLE")
                return
            }
            switch try await product.purchase() {
            case .success(let verification):
                guard case .verified(let transaction) = verification else {
                    call.reject("The App Store transaction failed verification", "FAILED")
                    return
                }
                await transaction.finish()
                call.resolve([
                    "appStoreReceipt": verification.jwsRepresentation,
                    "packageName": Bundle.main.bundleIdentifier ?? ""
                ])
            case .userCancelled:
                call.reject("The person closed the store sheet", "CANCELLED")
            case .pending:
                call.reject("The purchase waits for approval", "PENDING")
            @unknown default:
                call.reject("The App Store answered an unknown purchase result", "FAILED")
            }
        } catch {
            call.reject(error.localizedDescription, Self.storeCode(error), error)
        }
    }

    /// Restore: AppStore.sync (the App Store may ask the person to sign in), then the newest
    /// verified transaction among the current entitlements, for SetAppStoreReceipt.
    @objc func restorePurchases(_ call: CAPPluginCall) {
        guard #available(iOS 15.0, *) else {
            call.unavailable("App Store purchases need iOS 15 or later")
            return
        }
        Task {
            do {
                try await AppStore.sync()
                var newest: (date: Date, jws: String)?
                for await entitlement in Transaction.currentEntitlements {
                    guard case .verified(let transaction) = entitlement else { continue }
                    if newest == nil || transaction.purchaseDate > newest!.date {
                        newest = (transaction.purchaseDate, entitlement.jwsRepresentation)
                    }
                }
                guard let found = newest else {
                    call.reject("Failed to retrieve App Store receipt", "FAILED")
                    return
                }
                call.resolve(["appStoreReceipt": found.jws, "packageName": Bundle.main.bundleIdentifier ?? ""])
            } catch {
                call.reject(error.localizedDescription, Self.storeCode(error), error)
            }
        }
    }

    /// Transactions that finish outside a purchase sheet (renewals, Ask to Buy approvals, a
    /// purchase on another device): each verified one is finished and handed to the web app as
    /// `purchaseUpdated`, which sends it with SetAppStoreReceipt.
    @available(iOS 15.0, *)
    private func listenForTransactions() async {
        for await update in Transaction.updates {
            guard case .verified(let transaction) = update else { continue }
            await transaction.finish()
            notifyListeners("purchaseUpdated", data: [
                "appStoreReceipt": update.jwsRepresentation,
                "packageName": Bundle.main.bundleIdentifier ?? ""
            ], retainUntilConsumed: true)
        }
    }

    @available(iOS 15.0, *)
    private static func storeCode(_ error: Error) -> String {
        if let error = error as? StoreKitError {
            switch error {
            case .userCancelled: return "CANCELLED"
            case .notAvailableInStorefront, .notEntitled: return "UNAVAILABLE"
            default: return "FAILED"
            }
        }
        if let error = error as? Product.PurchaseError {
            switch error {
            case .productUnavailable, .purchaseNotAllowed: return "UNAVAILABLE"
            default: return "FAILED"
            }
        }
        return "FAILED"
    }
}

/// A date and time picker sheet: Done answers the date, Cancel or a swipe down answers nil.
final class DateTimePickerController: UIViewController, UIAdaptivePresentationControllerDelegate {
    private let picker = UIDatePicker()
    private let answer: (Date?) -> Void
    private var answered = false

    init(mode: UIDatePicker.Mode, selected: Date, minimum: Date, maximum: Date, timeZone: TimeZone, answer: @escaping (Date?) -> Void) {
        self.answer = answer
        super.init(nibName: nil, bundle: nil)
        var calendar = Calendar.current
        calendar.timeZone = timeZone
        picker.calendar = calendar
        picker.timeZone = timeZone
        picker.datePickerMode = mode
        picker.preferredDatePickerStyle = mode == .time ? .wheels : .inline
        picker.minimumDate = minimum
        picker.maximumDate = maximum
        picker.date = selected
    }

    required init?(coder: NSCoder) {
        fatalError("DateTimePickerController is made in code")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        picker.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(picker)
        let guide = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            picker.topAnchor.constraint(equalTo: guide.topAnchor, constant: 8),
            picker.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 8),
            picker.trailingAnchor.constraint(equalTo: guide.trailingAnchor, constant: -8)
        ])
        navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel, target: self, action: #selector(cancelTapped))
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(doneTapped))
    }

    @objc private func cancelTapped() {
        finish(nil)
        dismiss(animated: true)
    }

    @objc private func doneTapped() {
        finish(picker.date)
        dismiss(animated: true)
    }

    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        finish(nil)
    }

    private func finish(_ date: Date?) {
        guard !answered else { return }
        answered = true
        answer(date)
    }
}
