//! A large catalog of a company's operations server: 119 tools in 20 namespaces covering
//! shipments, invoices and subscriptions, customers and deals, support tickets, calendar,
//! email, documents, code repositories, CI pipelines and deployments, alerts, metrics,
//! incidents and on-call, inventory, HR and expenses, and team chat.
//!
//! The tools are written with `#[tool]` like any server's, so every design rule holds for
//! them; `domain!` only saves writing the same handler body 119 times. Handlers return a
//! fixed line: what the discovery tests exercise is each tool's name, description and
//! parameter docs, which is what the search index ranks.

// A handler that awaits nothing is the point of a fixture; the tools must still be `async`.
#![allow(clippy::unused_async)]

use mcp_tools::definition::ToolDefinition;

/// Expands a domain's tool declarations into `#[tool]` fns in the given namespace, each
/// returning a fixed line, and an `all()` fn with their definitions in declaration order.
///
/// A declaration is its doc comment, the `#[tool]` keys other than the namespace in
/// brackets, and a body-less signature whose parameters carry their own docs and
/// `#[param]` attributes.
macro_rules! domain {
    (
        namespace = $ns:literal;
        $(
            $(#[doc = $doc:literal])*
            [$($keys:tt)*]
            fn $name:ident ( $( $(#[$($attr:tt)*])* $param:ident : $ty:ty ),* $(,)? );
        )*
    ) => {
        $(
            $(#[doc = $doc])*
            #[::mcp_tools::tool(namespace = $ns, $($keys)*)]
            pub(crate) async fn $name( $( $(#[$($attr)*])* $param: $ty ),* ) -> String {
                let _ = ($(&$param,)*);
                concat!($ns, "_", stringify!($name), ": done").to_owned()
            }
        )*

        /// Every tool of this namespace, in declaration order.
        pub(crate) fn all() -> Vec<::mcp_tools::definition::ToolDefinition> {
            ::mcp_tools::tools![$($name),*]
        }
    };
}

/// Parcels sent to customers: booking, tracking, labels, pickups and carrier rates.
pub(crate) mod shipment {
    domain! {
        namespace = "shipment";

        /// Book a new outbound shipment from a warehouse to a recipient's address.
        ///
        /// Returns the shipment number (`SH-YYYY-NNNNNN`). The parcel still needs a weight
        /// (`shipment_set_weight`) and a label (`shipment_print_label`) before pickup.
        [destructive = false]
        fn create(
            /// Warehouse code the parcel leaves from, like `WH-BER-1`.
            origin_warehouse: String,
            /// Full name of the person receiving the parcel.
            recipient_name: String,
            /// Street, postal code, city and country of the recipient, on one line.
            delivery_address: String,
            /// Service level: `standard`, `express` or `overnight`.
            service_level: String,
        );

        /// Track a shipment: where it is now, its last scan and the expected delivery time.
        ///
        /// Use before promising a delivery date, or when a recipient asks where their
        /// parcel is. Returns status, last scan location and estimated arrival.
        [read_only]
        fn get_status(
            /// Shipment number, for example `SH-2026-004211`.
            #[param(pattern = r"^SH-\d{4}-\d{6}$")]
            shipment_number: String,
        );

        /// Find shipments by recipient name, address, order number or status, newest first.
        ///
        /// Use when you know who a parcel went to but not its shipment number.
        [read_only]
        fn search(
            /// Words from the recipient's name, the address or the order number.
            #[param(min_length = 2, max_length = 200)]
            query: String,
            /// Only shipments in this state: `booked`, `in_transit`, `delivered`, `returned`.
            status: Option<String>,
            /// Most shipments to return.
            #[param(min = 1, max = 50, default = 10)]
            limit: u32,
        );

        /// Cancel a shipment that has not been picked up by the carrier yet.
        ///
        /// The booking and its label become invalid. Shipments already in transit cannot be
        /// cancelled; arrange a return with the recipient instead.
        [destructive = true]
        fn cancel(
            /// Shipment number, for example `SH-2026-004211`.
            #[param(pattern = r"^SH-\d{4}-\d{6}$")]
            shipment_number: String,
            /// Why it is cancelled, kept in the shipment history.
            reason: String,
        );

        /// Record a parcel's measured weight before dispatch; the carrier bills by it.
        ///
        /// Use after weighing the packed parcel on the warehouse scale.
        [destructive = false, idempotent]
        fn set_weight(
            /// Shipment number, for example `SH-2026-004211`.
            #[param(pattern = r"^SH-\d{4}-\d{6}$")]
            shipment_number: String,
            /// Measured weight of the packed parcel.
            #[param(min = 0.1, max = 1000.0)]
            weight_kg: f64,
        );

        /// Redirect a parcel to a different delivery address while it is still in the network.
        ///
        /// Use when the recipient moved or wants it delivered to their office. Fails once
        /// the parcel is out for delivery.
        [destructive = false, idempotent]
        fn change_delivery_address(
            /// Shipment number, for example `SH-2026-004211`.
            #[param(pattern = r"^SH-\d{4}-\d{6}$")]
            shipment_number: String,
            /// The new street, postal code, city and country, on one line.
            new_address: String,
        );

        /// Generate the carrier's shipping label for a parcel as a printable PDF link.
        ///
        /// Use after the weight is recorded; the label carries the barcode the carrier scans.
        [destructive = false, idempotent]
        fn print_label(
            /// Shipment number, for example `SH-2026-004211`.
            #[param(pattern = r"^SH-\d{4}-\d{6}$")]
            shipment_number: String,
            /// Label size: `a6` or `4x6`.
            label_format: Option<String>,
        );

        /// Book the carrier to collect parcels from a warehouse dock on a given day.
        ///
        /// One pickup collects every labelled parcel waiting at that warehouse.
        [destructive = false]
        fn schedule_pickup(
            /// Warehouse code, like `WH-BER-1`.
            warehouse_code: String,
            /// Day of the collection.
            #[param(format = "date")]
            pickup_date: String,
            /// Number of parcels waiting.
            #[param(min = 1, max = 500)]
            parcels: u32,
        );

        /// Compare carriers' prices and transit times for a parcel before booking it.
        ///
        /// Returns each carrier's quote in USD and the expected transit days.
        [read_only]
        fn estimate_rates(
            /// Postal code and country the parcel leaves from.
            origin: String,
            /// Postal code and country it goes to.
            destination: String,
            /// Weight of the packed parcel.
            #[param(min = 0.1, max = 1000.0)]
            weight_kg: f64,
        );
    }
}

/// Invoices: issuing, sending, payments, refunds and exports for accounting.
pub(crate) mod invoice {
    domain! {
        namespace = "invoice";

        /// Draft an invoice for a customer with line items, in the customer's currency.
        ///
        /// The invoice stays a draft until `invoice_send`. Returns the invoice number.
        [destructive = false]
        fn create(
            /// Customer account number, like `CUS-10442`.
            customer_number: String,
            /// Line items, each as `description; quantity; unit price in cents`.
            #[param(min_length = 1, max_length = 100)]
            line_items: Vec<String>,
            /// When payment is due.
            #[param(format = "date")]
            due_date: String,
        );

        /// Email a finalized invoice to the customer's billing contact as a PDF.
        ///
        /// Finalizes a draft first. Sending again re-sends the same invoice.
        [destructive = false]
        fn send(
            /// Invoice number, like `INV-2026-0193`.
            invoice_number: String,
            /// A short note shown above the invoice in the email.
            cover_note: Option<String>,
        );

        /// Refund a paid invoice, fully or in part, to the original payment method.
        ///
        /// Use for returns, billing mistakes or goodwill credits. Refunds cannot be undone;
        /// card refunds take 5–10 days to appear.
        [destructive = true]
        fn refund(
            /// Invoice number, like `INV-2026-0193`.
            invoice_number: String,
            /// Amount to refund; omit for the full paid amount.
            #[param(min = 1)]
            amount_cents: Option<u64>,
            /// Why the refund is made, shown on the credit note.
            reason: String,
        );

        /// Find invoices by customer, status (draft, open, paid, overdue) or issue period.
        ///
        /// Use to find an invoice number or to see what a customer still owes.
        [read_only]
        fn search(
            /// Customer name, account number or invoice number.
            query: Option<String>,
            /// Only invoices in this state: `draft`, `open`, `paid`, `overdue`, `void`.
            status: Option<String>,
            /// Only invoices issued at or after this time.
            #[param(format = "date-time")]
            since: Option<String>,
            /// Most invoices to return.
            #[param(min = 1, max = 100, default = 20)]
            limit: u32,
        );

        /// Get one invoice with its line items, totals, taxes and payment history.
        ///
        /// Use when a customer questions a charge on a specific invoice.
        [read_only]
        fn get(
            /// Invoice number, like `INV-2026-0193`.
            invoice_number: String,
        );

        /// Mark an invoice as paid, fully or partly, for money received outside the card
        /// processor, such as a bank transfer or a cheque.
        [destructive = false]
        fn record_payment(
            /// Invoice number, like `INV-2026-0193`.
            invoice_number: String,
            /// Amount received.
            #[param(min = 1)]
            amount_cents: u64,
            /// How it was paid: `bank_transfer`, `cheque` or `cash`.
            payment_method: String,
            /// When the money arrived.
            #[param(format = "date-time")]
            received_at: String,
        );

        /// Send a payment reminder for an overdue invoice to the customer's billing contact.
        ///
        /// Reminders escalate in tone: friendly, firm, final notice.
        [destructive = false]
        fn send_reminder(
            /// Invoice number, like `INV-2026-0193`.
            invoice_number: String,
            /// Tone of the reminder: `friendly`, `firm` or `final`.
            tone: Option<String>,
        );

        /// Void an issued invoice that was sent in error, so it is no longer owed.
        ///
        /// Paid invoices cannot be voided; refund them instead.
        [destructive = true]
        fn cancel(
            /// Invoice number, like `INV-2026-0193`.
            invoice_number: String,
            /// Why it is voided, kept in the audit trail.
            reason: String,
        );

        /// Export invoices of a period as CSV for the accountant or the bookkeeping system.
        ///
        /// Returns a download link valid for 24 hours.
        [read_only]
        fn export(
            /// Start of the period.
            #[param(format = "date-time")]
            since: String,
            /// End of the period.
            #[param(format = "date-time")]
            until: String,
        );
    }
}

/// Recurring plans: upgrades, cancellations, pauses, usage and payment cards.
pub(crate) mod subscription {
    domain! {
        namespace = "subscription";

        /// Move a customer's subscription to another plan, prorating the current period.
        ///
        /// Use for upgrades and downgrades, e.g. from `starter` to `business`.
        [destructive = false, idempotent]
        fn change_plan(
            /// Subscription number, like `SUB-7781`.
            subscription_number: String,
            /// Plan code: `starter`, `business` or `enterprise`.
            plan_code: String,
        );

        /// End a customer's subscription at the end of the current billing period, or now.
        ///
        /// Cancelling now stops service immediately and issues no refund.
        [destructive = true]
        fn cancel(
            /// Subscription number, like `SUB-7781`.
            subscription_number: String,
            /// Stop immediately instead of at the period end.
            immediately: Option<bool>,
        );

        /// Pause billing for a subscription for up to three months, keeping the account data.
        [destructive = false]
        fn pause(
            /// Subscription number, like `SUB-7781`.
            subscription_number: String,
            /// When billing starts again.
            #[param(format = "date-time")]
            resume_at: String,
        );

        /// Get metered usage of a subscription in the current period against its plan quota:
        /// seats, API calls and storage.
        [read_only]
        fn get_usage(
            /// Subscription number, like `SUB-7781`.
            subscription_number: String,
        );

        /// Replace the card or bank account a subscription is charged to, from a tokenized
        /// payment method the customer entered in the billing portal.
        [destructive = false, idempotent]
        fn update_payment_method(
            /// Subscription number, like `SUB-7781`.
            subscription_number: String,
            /// Payment method token from the billing portal, like `pm_1Nx…`.
            payment_token: String,
        );
    }
}

/// Customer accounts in the CRM: profiles, contacts, notes, duplicates, erasure.
pub(crate) mod customer {
    domain! {
        namespace = "customer";

        /// Create a customer account in the CRM with its primary contact.
        ///
        /// Check with `customer_search` first that the company is not already there.
        [destructive = false]
        fn create(
            /// Company or person name.
            display_name: String,
            /// Primary contact's email address.
            #[param(format = "email")]
            contact_email: String,
            /// Two-letter country code, like `DE`.
            country_code: String,
        );

        /// Find customer accounts by name, email, phone, domain or account number.
        [read_only]
        fn search(
            /// Any of name, email, phone, web domain or account number.
            #[param(min_length = 2)]
            query: String,
            /// Most accounts to return.
            #[param(min = 1, max = 50, default = 10)]
            limit: u32,
        );

        /// Get a customer's full profile: contacts, plan, lifetime revenue, open tickets and
        /// recent orders.
        ///
        /// Use before talking to a customer to know their history.
        [read_only]
        fn get_profile(
            /// Customer account number, like `CUS-10442`.
            customer_number: String,
        );

        /// Change a customer's contact details: email, phone or postal address.
        [destructive = false, idempotent]
        fn update_contact(
            /// Customer account number, like `CUS-10442`.
            customer_number: String,
            /// New email address, if it changes.
            #[param(format = "email")]
            contact_email: Option<String>,
            /// New phone number in international format, if it changes.
            phone_number: Option<String>,
            /// New postal address on one line, if it changes.
            postal_address: Option<String>,
        );

        /// Merge two duplicate customer accounts into one, moving orders, invoices, tickets
        /// and notes to the surviving account. The other account is deleted.
        [destructive = true]
        fn merge(
            /// Account that survives, like `CUS-10442`.
            surviving_customer_number: String,
            /// Duplicate account that is folded in and removed.
            duplicate_customer_number: String,
        );

        /// Log a note on a customer's timeline, such as a call summary or an agreement made.
        [destructive = false]
        fn add_note(
            /// Customer account number, like `CUS-10442`.
            customer_number: String,
            /// The note, in plain text.
            #[param(max_length = 4000)]
            note_text: String,
        );

        /// Permanently erase a customer's personal data on a GDPR deletion request.
        ///
        /// Invoices are kept anonymized for tax law. This cannot be undone.
        [destructive = true]
        fn delete(
            /// Customer account number, like `CUS-10442`.
            customer_number: String,
            /// Reference of the data-subject request, like `DSR-2026-031`.
            request_reference: String,
        );
    }
}

/// Sales deals in the CRM pipeline.
pub(crate) mod deal {
    domain! {
        namespace = "deal";

        /// Open a sales opportunity for a customer with its expected value and close date.
        [destructive = false]
        fn create(
            /// Customer account number, like `CUS-10442`.
            customer_number: String,
            /// Short name of the opportunity.
            title: String,
            /// Expected contract value.
            #[param(min = 0)]
            value_usd: f64,
            /// When the deal is expected to close.
            #[param(format = "date")]
            expected_close_date: String,
        );

        /// Move a deal to another stage of the sales pipeline: qualified, proposal,
        /// negotiation, won or lost.
        [destructive = false, idempotent]
        fn set_stage(
            /// Deal number, like `DL-3320`.
            deal_number: String,
            /// The new stage.
            stage: String,
            /// Why it was lost, when the stage is `lost`.
            loss_reason: Option<String>,
        );

        /// Find deals in the sales pipeline by customer, owner, stage or expected close date.
        [read_only]
        fn search(
            /// Customer name or deal title words.
            query: Option<String>,
            /// Only deals in this stage.
            stage: Option<String>,
            /// Most deals to return.
            #[param(min = 1, max = 50, default = 20)]
            limit: u32,
        );

        /// Hand a deal over to another sales representative.
        [destructive = false, idempotent]
        fn assign_owner(
            /// Deal number, like `DL-3320`.
            deal_number: String,
            /// Email of the new owner.
            #[param(format = "email")]
            owner_email: String,
        );
    }
}

/// The support desk: tickets, replies, escalation, assignment.
pub(crate) mod ticket {
    domain! {
        namespace = "ticket";

        /// Open a support ticket on behalf of a customer, with subject and description.
        [destructive = false]
        fn create(
            /// Email of the customer who reported the problem.
            #[param(format = "email")]
            requester_email: String,
            /// One-line summary of the problem.
            subject: String,
            /// Full description, steps to reproduce, error messages.
            description: String,
        );

        /// Find support tickets by words, requester, status or assignee.
        [read_only]
        fn search(
            /// Words from the subject or conversation.
            query: Option<String>,
            /// Only tickets in this state: `new`, `open`, `pending`, `solved`.
            status: Option<String>,
            /// Only tickets assigned to this agent's email.
            #[param(format = "email")]
            assignee_email: Option<String>,
            /// Most tickets to return.
            #[param(min = 1, max = 100, default = 25)]
            limit: u32,
        );

        /// Get a ticket with its whole conversation, internal notes and custom fields.
        [read_only]
        fn get(
            /// Ticket number, like `T-58812`.
            ticket_number: String,
        );

        /// Post a public reply to the requester on a ticket, or an internal note for agents.
        [destructive = false]
        fn reply(
            /// Ticket number, like `T-58812`.
            ticket_number: String,
            /// The message, in Markdown.
            message_text: String,
            /// Post as an internal note the requester cannot see.
            internal: Option<bool>,
        );

        /// Escalate a ticket to the next support tier or to engineering, with the reason.
        ///
        /// Use when first-line support cannot solve it or the customer is at risk of churn.
        [destructive = false]
        fn escalate(
            /// Ticket number, like `T-58812`.
            ticket_number: String,
            /// Team to escalate to: `tier2`, `engineering` or `account_management`.
            team: String,
            /// What was tried and why it needs escalation.
            reason: String,
        );

        /// Assign a ticket to a support agent or a group.
        [destructive = false, idempotent]
        fn assign(
            /// Ticket number, like `T-58812`.
            ticket_number: String,
            /// Email of the agent who takes it.
            #[param(format = "email")]
            assignee_email: String,
        );

        /// Mark a ticket solved and send the satisfaction survey to the requester.
        [destructive = false, idempotent]
        fn close(
            /// Ticket number, like `T-58812`.
            ticket_number: String,
            /// How it was solved, for the knowledge base.
            resolution: String,
        );

        /// Set how urgent a ticket is: low, normal, high or urgent. Urgent pages the duty agent.
        [destructive = false, idempotent]
        fn set_priority(
            /// Ticket number, like `T-58812`.
            ticket_number: String,
            /// `low`, `normal`, `high` or `urgent`.
            priority: String,
        );

        /// Combine duplicate tickets from the same requester into one conversation.
        [destructive = true]
        fn merge(
            /// Ticket that stays open, like `T-58812`.
            primary_ticket_number: String,
            /// Tickets folded into it and closed.
            #[param(min_length = 1, max_length = 20)]
            duplicate_ticket_numbers: Vec<String>,
        );
    }
}

/// Calendars: events, availability, invitations, meeting rooms.
pub(crate) mod calendar {
    domain! {
        namespace = "calendar";

        /// Schedule a meeting on the calendar and send invitations to the attendees.
        [destructive = false]
        fn create_event(
            /// Title of the meeting.
            title: String,
            /// When it starts.
            #[param(format = "date-time")]
            start_time: String,
            /// How long it lasts.
            #[param(min = 5, max = 480)]
            duration_minutes: u32,
            /// Emails of the people invited.
            attendee_emails: Vec<String>,
        );

        /// Find times when all the given people are free, within working hours.
        ///
        /// Use before proposing a meeting time. Returns open slots of at least the
        /// requested length, earliest first.
        [read_only]
        fn find_free_slots(
            /// Emails of everyone who must attend.
            #[param(min_length = 1, max_length = 20)]
            attendee_emails: Vec<String>,
            /// Start of the window to search.
            #[param(format = "date-time")]
            window_start: String,
            /// End of the window to search.
            #[param(format = "date-time")]
            window_end: String,
            /// Length of the meeting.
            #[param(min = 5, max = 480, default = 30)]
            duration_minutes: u32,
        );

        /// Find calendar events by title words, attendee or date range.
        [read_only]
        fn search_events(
            /// Words from the event title or description.
            query: Option<String>,
            /// Only events from this time on.
            #[param(format = "date-time")]
            since: Option<String>,
            /// Only events before this time.
            #[param(format = "date-time")]
            until: Option<String>,
            /// Most events to return.
            #[param(min = 1, max = 100, default = 20)]
            limit: u32,
        );

        /// Cancel a meeting and notify its attendees, with an optional message.
        [destructive = true]
        fn cancel_event(
            /// Event identifier from `calendar_search_events`.
            event_ref: String,
            /// Message sent with the cancellation.
            message_text: Option<String>,
        );

        /// Move an existing meeting to a new start time, keeping attendees, and notify them.
        [destructive = false, idempotent]
        fn reschedule_event(
            /// Event identifier from `calendar_search_events`.
            event_ref: String,
            /// The new start.
            #[param(format = "date-time")]
            new_start_time: String,
        );

        /// Accept, decline or tentatively accept a meeting invitation.
        [destructive = false, idempotent]
        fn respond_to_invite(
            /// Event identifier from `calendar_search_events`.
            event_ref: String,
            /// `accepted`, `declined` or `tentative`.
            response: String,
        );

        /// Reserve a meeting room for a time slot, checking capacity and equipment.
        [destructive = false]
        fn book_room(
            /// Office and room, like `BER-3-Spree`; omit to pick any free room.
            room_code: Option<String>,
            /// When the booking starts.
            #[param(format = "date-time")]
            start_time: String,
            /// How long it lasts.
            #[param(min = 15, max = 480)]
            duration_minutes: u32,
            /// People who will be there.
            #[param(min = 1, max = 100)]
            attendees: u32,
        );

        /// Get someone's schedule for a day: meetings, focus blocks and out-of-office.
        [read_only]
        fn get_agenda(
            /// Whose agenda; omit for your own.
            #[param(format = "email")]
            person_email: Option<String>,
            /// The day.
            #[param(format = "date")]
            agenda_date: String,
        );
    }
}

/// The mailbox: sending, searching, threads, drafts, filters.
pub(crate) mod email {
    domain! {
        namespace = "email";

        /// Send an email from the connected mailbox, with optional CC and attachments.
        [destructive = false, open_world]
        fn send(
            /// Recipients' email addresses.
            #[param(min_length = 1, max_length = 50)]
            recipient_emails: Vec<String>,
            /// Subject line.
            subject: String,
            /// Message body in plain text or Markdown.
            body_text: String,
            /// Addresses to copy.
            cc_emails: Option<Vec<String>>,
        );

        /// Search the mailbox by sender, subject words, label or date, newest first.
        [read_only]
        fn search(
            /// Gmail-style query, like `from:dana subject:contract has:attachment`.
            query: String,
            /// Most messages to return.
            #[param(min = 1, max = 100, default = 20)]
            limit: u32,
        );

        /// Read a whole email conversation: every message of a thread, with attachments named.
        [read_only]
        fn read_thread(
            /// Thread identifier from `email_search`.
            thread_ref: String,
        );

        /// Save an email as a draft for the user to review and send themselves.
        [destructive = false]
        fn draft(
            /// Recipients' email addresses.
            recipient_emails: Vec<String>,
            /// Subject line.
            subject: String,
            /// Message body.
            body_text: String,
        );

        /// Forward a received message, with its attachments, to other people.
        [destructive = false, open_world]
        fn forward(
            /// Message identifier from `email_search`.
            message_ref: String,
            /// Who to forward it to.
            recipient_emails: Vec<String>,
            /// Note added above the forwarded message.
            note_text: Option<String>,
        );

        /// Move messages out of the inbox into the archive; they stay searchable.
        [destructive = false, idempotent]
        fn archive(
            /// Message identifiers from `email_search`.
            #[param(min_length = 1, max_length = 100)]
            message_refs: Vec<String>,
        );

        /// Create a mailbox rule that labels, archives or forwards incoming mail matching a
        /// sender or subject.
        [destructive = false]
        fn create_filter(
            /// Which mail it applies to, like `from:noreply@vendor.example`.
            match_query: String,
            /// What it does: `label:<name>`, `archive` or `forward:<address>`.
            action: String,
        );

        /// Report messages as spam or phishing and move them to the junk folder.
        [destructive = false, idempotent]
        fn mark_spam(
            /// Message identifiers from `email_search`.
            #[param(min_length = 1, max_length = 100)]
            message_refs: Vec<String>,
        );
    }
}

/// Shared documents: search, reading, sharing, versions, comments.
pub(crate) mod document {
    domain! {
        namespace = "document";

        /// Search shared documents, spreadsheets and slides by title and full text.
        [read_only]
        fn search(
            /// Words to look for.
            query: String,
            /// Only in this folder path, like `/Legal/Contracts`.
            folder_path: Option<String>,
            /// Most documents to return.
            #[param(min = 1, max = 50, default = 10)]
            limit: u32,
        );

        /// Read a document's text content, page by page.
        [read_only]
        fn read(
            /// Document identifier from `document_search`.
            document_ref: String,
            /// First page to read.
            #[param(min = 1, default = 1)]
            start_page: u32,
        );

        /// Create a new document in a folder, from Markdown or from a template.
        [destructive = false]
        fn create(
            /// Title of the document.
            title: String,
            /// Folder path, like `/Team/Meeting notes`.
            folder_path: String,
            /// Initial content in Markdown.
            content_markdown: Option<String>,
        );

        /// Give people view, comment or edit access to a document, or make a link.
        [destructive = false, idempotent]
        fn share(
            /// Document identifier from `document_search`.
            document_ref: String,
            /// Who gets access.
            #[param(format = "email")]
            grantee_email: String,
            /// `viewer`, `commenter` or `editor`.
            role: String,
        );

        /// Convert a document to PDF and return a download link.
        [read_only]
        fn export_pdf(
            /// Document identifier from `document_search`.
            document_ref: String,
        );

        /// Roll a document back to an earlier saved version from its revision history.
        [destructive = true]
        fn restore_version(
            /// Document identifier from `document_search`.
            document_ref: String,
            /// Revision number from the history.
            #[param(min = 1)]
            revision: u32,
        );

        /// Move a document to the trash; it is purged after 30 days.
        [destructive = true]
        fn delete(
            /// Document identifier from `document_search`.
            document_ref: String,
        );

        /// Leave a comment on a document, optionally anchored to a quoted passage.
        [destructive = false]
        fn add_comment(
            /// Document identifier from `document_search`.
            document_ref: String,
            /// The comment.
            comment_text: String,
            /// Exact passage the comment refers to.
            quoted_text: Option<String>,
        );
    }
}

/// Code hosting: code search, files, branches, pull requests, issues, history.
pub(crate) mod repo {
    domain! {
        namespace = "repo";

        /// Search source code across the organization's repositories by text or symbol name.
        [read_only]
        fn search_code(
            /// Text, regular expression or symbol to look for.
            query: String,
            /// Only in this repository, like `acme/billing-api`.
            repository: Option<String>,
            /// Most matches to return.
            #[param(min = 1, max = 100, default = 20)]
            limit: u32,
        );

        /// Open a pull request from a branch, with title, description and reviewers.
        [destructive = false]
        fn create_pull_request(
            /// Repository, like `acme/billing-api`.
            repository: String,
            /// Branch with the changes.
            head_branch: String,
            /// Branch to merge into, usually `main`.
            base_branch: String,
            /// Title of the pull request.
            title: String,
        );

        /// Merge an approved pull request whose checks passed, by merge, squash or rebase.
        [destructive = false]
        fn merge_pull_request(
            /// Repository, like `acme/billing-api`.
            repository: String,
            /// Pull request number.
            #[param(min = 1)]
            pull_number: u32,
            /// `merge`, `squash` or `rebase`.
            merge_method: Option<String>,
        );

        /// Get the contents of a file at a branch, tag or commit.
        [read_only]
        fn get_file(
            /// Repository, like `acme/billing-api`.
            repository: String,
            /// Path of the file, like `src/main.rs`.
            file_path: String,
            /// Branch, tag or commit; default branch if omitted.
            git_ref: Option<String>,
        );

        /// Create a branch from another branch or a commit.
        [destructive = false]
        fn create_branch(
            /// Repository, like `acme/billing-api`.
            repository: String,
            /// Name of the new branch.
            branch_name: String,
            /// Branch or commit to start from.
            from_ref: String,
        );

        /// File a bug or feature request in a repository's issue tracker.
        [destructive = false]
        fn create_issue(
            /// Repository, like `acme/billing-api`.
            repository: String,
            /// Title of the issue.
            title: String,
            /// Description in Markdown.
            body_markdown: String,
            /// Labels, like `bug` or `good first issue`.
            labels: Option<Vec<String>>,
        );

        /// Submit a code review on a pull request: approve, request changes, or comment.
        [destructive = false]
        fn review_pull_request(
            /// Repository, like `acme/billing-api`.
            repository: String,
            /// Pull request number.
            #[param(min = 1)]
            pull_number: u32,
            /// `approve`, `request_changes` or `comment`.
            verdict: String,
            /// Review summary.
            review_text: String,
        );

        /// Search a repository's commit history by message, author, path or date.
        ///
        /// Use to find when and by whom a change was introduced.
        [read_only]
        fn search_commits(
            /// Repository, like `acme/billing-api`.
            repository: String,
            /// Words from the commit message.
            query: Option<String>,
            /// Only commits touching this path.
            file_path: Option<String>,
            /// Most commits to return.
            #[param(min = 1, max = 100, default = 20)]
            limit: u32,
        );

        /// Show the commits and file changes between two branches, tags or commits.
        [read_only]
        fn compare_branches(
            /// Repository, like `acme/billing-api`.
            repository: String,
            /// The older ref.
            base_ref: String,
            /// The newer ref.
            head_ref: String,
        );
    }
}

/// Continuous integration: builds and test runs.
pub(crate) mod pipeline {
    domain! {
        namespace = "pipeline";

        /// Start a CI pipeline run (build and tests) for a branch or commit.
        [destructive = false]
        fn run(
            /// Repository, like `acme/billing-api`.
            repository: String,
            /// Branch or commit to build.
            git_ref: String,
        );

        /// Get the log output of a CI job, the last lines by default, to see why it failed.
        [read_only]
        fn get_logs(
            /// Pipeline run number.
            #[param(min = 1)]
            run_number: u64,
            /// Job name inside the run, like `test-linux`.
            job_name: String,
            /// How many lines from the end.
            #[param(min = 10, max = 5000, default = 200)]
            tail_lines: u32,
        );

        /// Stop a CI pipeline run that is queued or running.
        [destructive = true]
        fn cancel(
            /// Pipeline run number.
            #[param(min = 1)]
            run_number: u64,
        );

        /// Re-run a failed CI job, for example after a flaky test.
        [destructive = false]
        fn retry_job(
            /// Pipeline run number.
            #[param(min = 1)]
            run_number: u64,
            /// Job name inside the run, like `test-linux`.
            job_name: String,
        );
    }
}

/// Deployments to staging and production: releases, rollbacks, scaling, configuration.
pub(crate) mod deploy {
    domain! {
        namespace = "deploy";

        /// Roll out a built version of a service to an environment.
        ///
        /// Production releases need a green pipeline; the rollout is gradual and can be
        /// reverted with `deploy_rollback`.
        [destructive = false, scopes("deploy:write")]
        fn release(
            /// Service name, like `billing-api`.
            service: String,
            /// Version tag or image digest.
            version: String,
            /// `staging` or `production`.
            environment: String,
        );

        /// Revert a service in an environment to its previous healthy version.
        ///
        /// Use when a release causes errors; the previous version is redeployed at once.
        [destructive = true, scopes("deploy:write")]
        fn rollback(
            /// Service name, like `billing-api`.
            service: String,
            /// `staging` or `production`.
            environment: String,
        );

        /// Get the version running in each environment for a service and the progress of any
        /// rollout.
        [read_only]
        fn get_status(
            /// Service name, like `billing-api`.
            service: String,
        );

        /// Change how many instances of a service run in an environment.
        [destructive = false, idempotent, scopes("deploy:write")]
        fn scale_service(
            /// Service name, like `billing-api`.
            service: String,
            /// `staging` or `production`.
            environment: String,
            /// Instances to run.
            #[param(min = 0, max = 200)]
            replicas: u32,
        );

        /// Set a configuration variable of a service in an environment; takes effect on the
        /// next restart.
        [destructive = false, idempotent, scopes("deploy:write")]
        fn set_env_var(
            /// Service name, like `billing-api`.
            service: String,
            /// `staging` or `production`.
            environment: String,
            /// Variable name, like `FEATURE_NEW_CHECKOUT`.
            variable_name: String,
            /// The new setting.
            variable_setting: String,
        );

        /// Promote the version running in staging to production after it was verified.
        [destructive = false, scopes("deploy:write")]
        fn promote(
            /// Service name, like `billing-api`.
            service: String,
        );
    }
}

/// Alerts from monitoring.
pub(crate) mod alert {
    domain! {
        namespace = "alert";

        /// Acknowledge a firing alert so on-call knows someone is on it and paging stops.
        [destructive = false, idempotent]
        fn acknowledge(
            /// Alert identifier, like `AL-99120`.
            alert_ref: String,
        );

        /// Find alerts that are firing or fired recently, by service, severity or state.
        [read_only]
        fn search(
            /// Only this service.
            service: Option<String>,
            /// Only this severity: `critical`, `warning` or `info`.
            severity: Option<String>,
            /// Only alerts in this state: `firing`, `acknowledged`, `resolved`.
            state: Option<String>,
            /// Most alerts to return.
            #[param(min = 1, max = 100, default = 20)]
            limit: u32,
        );

        /// Mark an alert resolved once the underlying problem is fixed.
        [destructive = false, idempotent]
        fn resolve(
            /// Alert identifier, like `AL-99120`.
            alert_ref: String,
            /// What fixed it.
            resolution_note: Option<String>,
        );

        /// Silence an alert rule for a while, e.g. during planned maintenance.
        [destructive = false]
        fn mute(
            /// Name of the alert rule, like `api-error-rate-high`.
            rule_name: String,
            /// How long to stay silent.
            #[param(min = 5, max = 10080)]
            duration_minutes: u32,
        );

        /// Create an alert rule that fires when a metric crosses a threshold for a while.
        [destructive = false]
        fn create_rule(
            /// Name of the rule, like `checkout-latency-p95`.
            rule_name: String,
            /// Metric query, like `p95(http_latency_ms{service="checkout"})`.
            metric_query: String,
            /// Level that fires the alert.
            threshold: f64,
            /// How long the level must hold before it fires.
            #[param(min = 1, max = 1440)]
            for_minutes: u32,
        );
    }
}

/// Time series from monitoring.
pub(crate) mod metrics {
    domain! {
        namespace = "metrics";

        /// Query time-series metrics such as CPU, memory, error rate or latency percentiles
        /// over a time range, returned as points.
        [read_only]
        fn query(
            /// Metric expression, like `rate(http_errors_total{service="checkout"}[5m])`.
            expression: String,
            /// Start of the range.
            #[param(format = "date-time")]
            since: String,
            /// End of the range; now if omitted.
            #[param(format = "date-time")]
            until: Option<String>,
            /// Seconds between points.
            #[param(min = 10, max = 86400, default = 60)]
            step_s: u32,
        );
    }
}

/// Incidents: declaring them and keeping stakeholders informed.
pub(crate) mod incident {
    domain! {
        namespace = "incident";

        /// Declare an incident with a severity, open its war-room channel and status page entry.
        [destructive = false]
        fn create(
            /// One-line summary of the impact.
            title: String,
            /// `sev1` (outage) to `sev4` (minor).
            severity: String,
            /// Services affected.
            services: Vec<String>,
        );

        /// Post a progress update on an incident to its channel and the public status page.
        [destructive = false]
        fn post_update(
            /// Incident number, like `INC-412`.
            incident_number: String,
            /// The update for stakeholders.
            update_text: String,
            /// New state: `investigating`, `identified`, `monitoring` or `resolved`.
            state: Option<String>,
        );
    }
}

/// On-call schedules and paging.
pub(crate) mod oncall {
    domain! {
        namespace = "oncall";

        /// Get who is on call now, or at a given time, for a team's rotation.
        [read_only]
        fn get_responder(
            /// Team rotation, like `platform`.
            team: String,
            /// When; now if omitted.
            #[param(format = "date-time")]
            at_time: Option<String>,
        );

        /// Page a person or a team's on-call engineer by phone and push notification.
        [destructive = false, open_world]
        fn page(
            /// Team rotation or person's email.
            recipient: String,
            /// What they are paged about.
            message_text: String,
        );
    }
}

/// Stock in warehouses: levels, counts, transfers, reservations, purchase orders.
pub(crate) mod inventory {
    domain! {
        namespace = "inventory";

        /// Get the on-hand, reserved and available quantity of a product in each warehouse.
        [read_only]
        fn get_stock(
            /// Product SKU, like `SKU-4410-BLK`.
            sku: String,
            /// Only this warehouse, like `WH-BER-1`.
            warehouse_code: Option<String>,
        );

        /// Set the counted quantity of a product in a warehouse after a stocktake, logging the
        /// adjustment.
        [destructive = false, idempotent]
        fn set_stock(
            /// Product SKU, like `SKU-4410-BLK`.
            sku: String,
            /// Warehouse code, like `WH-BER-1`.
            warehouse_code: String,
            /// Quantity counted on the shelf.
            #[param(min = 0)]
            counted_quantity: u32,
        );

        /// Move stock of a product from one warehouse to another.
        [destructive = false]
        fn transfer(
            /// Product SKU, like `SKU-4410-BLK`.
            sku: String,
            /// Warehouse the units leave.
            from_warehouse: String,
            /// Warehouse the units go to.
            to_warehouse: String,
            /// Units to move.
            #[param(min = 1)]
            quantity: u32,
        );

        /// Hold units of a product for an order so they are not sold twice.
        [destructive = false]
        fn reserve(
            /// Product SKU, like `SKU-4410-BLK`.
            sku: String,
            /// Order number the units are held for.
            order_number: String,
            /// Units to hold.
            #[param(min = 1)]
            quantity: u32,
        );

        /// Find products whose available stock is below their reorder point.
        [read_only]
        fn find_low_stock(
            /// Only this warehouse.
            warehouse_code: Option<String>,
            /// Most products to return.
            #[param(min = 1, max = 200, default = 50)]
            limit: u32,
        );

        /// Create a purchase order to a supplier to restock products.
        [destructive = false]
        fn create_purchase_order(
            /// Supplier code, like `SUP-0081`.
            supplier_code: String,
            /// Lines as `SKU; quantity`.
            #[param(min_length = 1, max_length = 200)]
            order_lines: Vec<String>,
            /// Warehouse to deliver to.
            warehouse_code: String,
        );

        /// Book in goods that arrived from a supplier against a purchase order, adding them
        /// to stock.
        [destructive = false]
        fn receive_delivery(
            /// Purchase order number, like `PO-2026-0310`.
            purchase_order_number: String,
            /// Lines received as `SKU; quantity`.
            received_lines: Vec<String>,
        );

        /// Search the product catalog by name, SKU, barcode or category.
        [read_only]
        fn search_products(
            /// Name words, SKU or EAN barcode.
            query: String,
            /// Most products to return.
            #[param(min = 1, max = 100, default = 20)]
            limit: u32,
        );

        /// Set the stock level at which a product should be reordered, and the quantity to
        /// order then.
        [destructive = false, idempotent]
        fn set_reorder_point(
            /// Product SKU, like `SKU-4410-BLK`.
            sku: String,
            /// Available units that trigger a reorder.
            #[param(min = 0)]
            reorder_level: u32,
            /// Units to order each time.
            #[param(min = 1)]
            reorder_quantity: u32,
        );
    }
}

/// People: leave, directory, org chart, timesheets, onboarding.
pub(crate) mod hr {
    domain! {
        namespace = "hr";

        /// Request vacation, sick leave or parental leave for an employee, for approval by
        /// their manager.
        [destructive = false]
        fn request_time_off(
            /// Employee's work email.
            #[param(format = "email")]
            employee_email: String,
            /// `vacation`, `sick`, `parental` or `unpaid`.
            leave_type: String,
            /// First day off.
            #[param(format = "date")]
            start_date: String,
            /// Last day off.
            #[param(format = "date")]
            end_date: String,
        );

        /// Get how many vacation and sick days an employee has left this year.
        [read_only]
        fn get_leave_balance(
            /// Employee's work email.
            #[param(format = "email")]
            employee_email: String,
        );

        /// Approve or reject a pending leave request, as the employee's manager.
        [destructive = false, idempotent]
        fn approve_time_off(
            /// Leave request number, like `LR-2291`.
            request_number: String,
            /// `approve` or `reject`.
            decision: String,
            /// Note to the employee.
            comment_text: Option<String>,
        );

        /// Look people up in the company directory by name, team, role or location.
        [read_only]
        fn search_employees(
            /// Name, team, job title or office.
            query: String,
            /// Most people to return.
            #[param(min = 1, max = 100, default = 20)]
            limit: u32,
        );

        /// Get an employee's manager chain and direct reports.
        [read_only]
        fn get_org_chart(
            /// Employee's work email.
            #[param(format = "email")]
            employee_email: String,
        );

        /// Submit the hours worked per project for a week, for payroll and client billing.
        [destructive = false, idempotent]
        fn submit_timesheet(
            /// Employee's work email.
            #[param(format = "email")]
            employee_email: String,
            /// Monday of the week.
            #[param(format = "date")]
            week_start_date: String,
            /// Lines as `project code; hours`.
            entries: Vec<String>,
        );

        /// Start onboarding for a new hire: accounts, laptop order, first-week plan and buddy.
        [destructive = false]
        fn start_onboarding(
            /// New hire's full name.
            full_name: String,
            /// First working day.
            #[param(format = "date")]
            start_date: String,
            /// Team they join.
            team: String,
            /// Their manager's work email.
            #[param(format = "email")]
            manager_email: String,
        );
    }
}

/// Expense claims.
pub(crate) mod expense {
    domain! {
        namespace = "expense";

        /// File an expense claim with a receipt for reimbursement: travel, meals, equipment.
        [destructive = false]
        fn submit(
            /// Employee's work email.
            #[param(format = "email")]
            employee_email: String,
            /// What was bought and why.
            description: String,
            /// Amount spent.
            #[param(min = 1)]
            amount_cents: u64,
            /// Link to the scanned receipt.
            #[param(format = "uri")]
            receipt_url: String,
        );

        /// Approve or reject a submitted expense claim, as the approver.
        [destructive = false, idempotent]
        fn approve(
            /// Claim number, like `EX-8812`.
            claim_number: String,
            /// `approve` or `reject`.
            decision: String,
        );

        /// Find expense claims by employee, status or period.
        [read_only]
        fn search(
            /// Employee name or email.
            query: Option<String>,
            /// `submitted`, `approved`, `rejected` or `reimbursed`.
            status: Option<String>,
            /// Most claims to return.
            #[param(min = 1, max = 100, default = 20)]
            limit: u32,
        );
    }
}

/// Team chat: messages, channels, presence.
pub(crate) mod chat {
    domain! {
        namespace = "chat";

        /// Post a message to a team chat channel or as a direct message to a person.
        [destructive = false, open_world]
        fn send_message(
            /// Channel like `#payments` or a person's email.
            channel: String,
            /// The message, in Markdown.
            message_text: String,
        );

        /// Search team chat history by words, channel or author.
        [read_only]
        fn search_messages(
            /// Words to look for.
            query: String,
            /// Only in this channel.
            channel: Option<String>,
            /// Most messages to return.
            #[param(min = 1, max = 100, default = 20)]
            limit: u32,
        );

        /// Create a chat channel and invite its first members.
        [destructive = false]
        fn create_channel(
            /// Channel name without `#`, lowercase.
            channel_name: String,
            /// Emails of the first members.
            member_emails: Vec<String>,
            /// Whether only invited members can see it.
            private: Option<bool>,
        );

        /// Set your chat status text and emoji, like "in a meeting" or "on vacation".
        [destructive = false, idempotent]
        fn set_status(
            /// Status text.
            status_text: String,
            /// Emoji code, like `:palm_tree:`.
            emoji: Option<String>,
        );
    }
}

/// Every tool of the catalog, namespace by namespace.
pub(crate) fn all() -> Vec<ToolDefinition> {
    [
        shipment::all(),
        invoice::all(),
        subscription::all(),
        customer::all(),
        deal::all(),
        ticket::all(),
        calendar::all(),
        email::all(),
        document::all(),
        repo::all(),
        pipeline::all(),
        deploy::all(),
        alert::all(),
        metrics::all(),
        incident::all(),
        oncall::all(),
        inventory::all(),
        hr::all(),
        expense::all(),
        chat::all(),
    ]
    .into_iter()
    .flatten()
    .collect()
}
