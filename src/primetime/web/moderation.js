/* Reports and moderators' acts from the pages: the Report dialog (a chat message or a player) and an
   administrator's Remove of a chat message. The administrators' page itself is admin.js. */
"use strict";

(function () {
  const PT = window.PT;
  const h = PT.h;

  /** Ask what is wrong and send the report: ``what`` is {table, seq} (a chat message) or {user} (a player);
      ``label`` says what is reported ("Ana's message", "Ana"). Resolves true once sent. */
  PT.report = function report(what, label) {
    return new Promise((resolve) => {
      const reason = h("textarea", { id: "report-reason", rows: "3", maxlength: "300", required: true });
      const note = h("p", { class: "muted", id: "report-note", role: "status" });
      const dlg = h("dialog", { class: "report-dialog", id: "report-dialog", "aria-labelledby": "report-title" });
      const close = (sent) => { dlg.close(); dlg.remove(); resolve(sent); };
      const form = h("form", { method: "dialog" },
        h("h2", { id: "report-title" }, `Report ${label}`),
        h("p", { class: "muted" }, "The site's administrators will see this report and what was reported."),
        h("label", { for: "report-reason" }, "What is wrong?"), reason, note,
        h("div", { class: "row" },
          h("button", { type: "submit", class: "primary", id: "report-send" }, "Send report"),
          h("button", { type: "button", id: "report-cancel", onclick: () => close(false) }, "Cancel")));
      form.addEventListener("submit", async (ev) => {
        ev.preventDefault();
        const text = reason.value.trim();
        if (!text) { note.textContent = "Say what is wrong first."; reason.focus(); return; }
        try {
          await PT.api("/api/reports", { ...what, reason: text });
        } catch (e) { note.textContent = e.message; return; }
        close(true);
        PT.toast("Report sent to the administrators. Thank you.", "info");
      });
      dlg.addEventListener("cancel", () => { dlg.remove(); resolve(false); });
      dlg.appendChild(form);
      document.body.appendChild(dlg);
      dlg.showModal();
      reason.focus();
    });
  };

  /** An administrator removes a chat message for everyone (after confirming). */
  PT.removeMessage = async function removeMessage(table, seq, label) {
    if (!window.confirm(`Remove ${label} for everyone? This is logged.`)) return false;
    try { await PT.api("/api/admin/remove-message", { table, seq }); } catch (e) { PT.toast(e.message); return false; }
    PT.toast("Message removed.", "info");
    return true;
  };
})();
