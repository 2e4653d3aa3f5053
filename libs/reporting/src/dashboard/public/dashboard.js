/*
 * Shipledger dashboard. Plain browser JavaScript, no framework: the reports (Chart.js, served by the
 * service itself), shipment search, a shipment's timeline with an as-of slider and its labels, and the
 * operations panel. The credentials and the access token live in this closure only — never in the URL,
 * storage or cookies — so a reload signs out. Text from the API is always set as textContent.
 */
(function () {
  'use strict';

  var session = null; // { tenantId, apiKey, token }
  var charts = {};
  var lastFilter = null;
  var reportsStatus = '';
  var $ = function (id) { return document.getElementById(id); };

  // ---- HTTP -------------------------------------------------------------------------------------

  function api(path, accept) {
    var headers = { 'tenant-id': session.tenantId, 'x-api-key': session.apiKey, authorization: 'Bearer ' + session.token, accept: accept || 'application/json' };
    return fetch(path, { headers: headers, cache: 'no-store' }).then(function (response) {
      if (response.status === 401) {
        signOut('Your session has ended: sign in again.');
        throw new Error('Unauthorized');
      }
      var body = accept === 'text/csv' ? response.text() : response.json().catch(function () { return {}; });
      return body.then(function (data) {
        if (!response.ok) throw new Error(messageOf(data, response.status));
        return data;
      });
    });
  }

  function messageOf(body, status) {
    if (body && Array.isArray(body.errors) && body.errors.length) return body.errors.join('; ');
    if (body && body.error_description) return body.error_description;
    if (body && body.message) return String(body.message);
    return 'The request failed (' + status + ')';
  }

  // ---- feedback ---------------------------------------------------------------------------------

  function say(text) { $('status').textContent = text; }
  function fail(error) {
    var box = $('error');
    box.textContent = error && error.message ? error.message : String(error);
    box.hidden = false;
    say('');
  }
  function clearError() { $('error').hidden = true; $('error').textContent = ''; }

  // ---- DOM helpers ------------------------------------------------------------------------------

  function el(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }

  /** Fills a table: columns [{label, value(row), num?, link?(row)}]; keeps the caption. */
  function fillTable(table, columns, rows, emptyText) {
    var caption = table.querySelector('caption');
    table.textContent = '';
    if (caption) table.appendChild(caption);
    var head = el('thead');
    var headRow = el('tr');
    columns.forEach(function (c) {
      var th = el('th', c.label, c.num ? 'num' : '');
      th.scope = 'col';
      headRow.appendChild(th);
    });
    head.appendChild(headRow);
    table.appendChild(head);
    var body = el('tbody');
    if (rows.length === 0) {
      var tr = el('tr');
      var td = el('td', emptyText || 'Nothing in this period', 'empty');
      td.colSpan = columns.length;
      tr.appendChild(td);
      body.appendChild(tr);
    }
    rows.forEach(function (row) {
      var tr = el('tr');
      columns.forEach(function (c) {
        var value = c.value(row);
        var td = el('td', null, c.num ? 'num' : '');
        if (c.link && value !== null && value !== undefined) {
          var a = el('a', value);
          a.href = c.link(row);
          td.appendChild(a);
        } else {
          td.textContent = value === null || value === undefined || value === '' ? '–' : String(value);
        }
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    table.appendChild(body);
  }

  function fillSummary(dl, pairs) {
    dl.textContent = '';
    pairs.forEach(function (pair) {
      dl.appendChild(el('dt', pair[0]));
      dl.appendChild(el('dd', pair[1] === undefined || pair[1] === null || pair[1] === '' ? '–' : pair[1]));
    });
  }

  function percent(rate) { return rate === null || rate === undefined ? null : (rate * 100).toFixed(1) + ' %'; }

  function duration(seconds) {
    if (seconds === null || seconds === undefined) return null;
    if (seconds < 90) return Math.round(seconds) + ' s';
    if (seconds < 5400) return Math.round(seconds / 60) + ' min';
    if (seconds < 172800) return (seconds / 3600).toFixed(1) + ' h';
    return (seconds / 86400).toFixed(1) + ' d';
  }

  function when(iso) {
    if (!iso) return null;
    var date = new Date(iso);
    return isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
  }

  // ---- charts -----------------------------------------------------------------------------------

  var COLORS = ['#0b57a4', '#1b7f4c', '#b35c00', '#6c3fa0', '#a4161a'];
  /** The orders spec's statuses, in lifecycle order, and a colour each (≥ 3:1 against the white card). */
  var ORDER_STATUSES = ['open', 'partially_allocated', 'allocated', 'partially_fulfilled', 'fulfilled', 'closed', 'cancelled'];
  var ORDER_COLORS = ['#4a5560', '#00707a', '#0b57a4', '#6c3fa0', '#1b7f4c', '#b35c00', '#a4161a'];
  /** The order reports take no carrier account (orders have none): a 400 if sent. */
  var NO_ACCOUNT = { 'orders-per-status': true, 'order-to-shipment': true };

  function drawChart(key, canvasId, config) {
    if (charts[key]) charts[key].destroy();
    if (typeof window.Chart !== 'function') return; // the table carries the same numbers
    config.options = Object.assign({ animation: false, responsive: true, maintainAspectRatio: false }, config.options || {});
    charts[key] = new window.Chart($(canvasId), config);
  }

  function daysBetween(from, to) {
    var days = [];
    for (var t = Date.parse(from + 'T00:00:00Z'); t <= Date.parse(to + 'T00:00:00Z') && days.length < 400; t += 86400000) {
      days.push(new Date(t).toISOString().slice(0, 10));
    }
    return days;
  }

  // ---- reports ----------------------------------------------------------------------------------

  function filterQuery(extra, withoutAccount) {
    var form = $('report-filter');
    var params = new URLSearchParams();
    (withoutAccount ? ['from', 'to', 'time_zone', 'merchant'] : ['from', 'to', 'time_zone', 'merchant', 'carrier_account']).forEach(function (name) {
      var value = form.elements[name].value.trim();
      if (value) params.set(name, value);
    });
    Object.keys(extra || {}).forEach(function (k) { params.set(k, extra[k]); });
    return params.toString();
  }

  function loadReports() {
    clearError();
    say('Loading reports…');
    var query = filterQuery();
    var orderQuery = filterQuery({}, true);
    lastFilter = query;
    return Promise.all([
      api('/reports/shipments-per-day?' + query),
      api('/reports/booking-outcomes?' + query),
      api('/reports/lead-times?' + query),
      api('/reports/on-time?' + query),
      api('/reports/exceptions?' + query),
      api('/reports/orders-per-status?' + orderQuery),
      api('/reports/order-to-shipment?' + orderQuery),
    ]).then(function (answers) {
      showPerDay(answers[0]);
      showBooking(answers[1]);
      showLeadTimes(answers[2]);
      showOnTime(answers[3]);
      showExceptions(answers[4]);
      showOrders(answers[5]);
      showOrderToShipment(answers[6]);
      reportsStatus = 'Reports for ' + answers[0].filter.from + ' to ' + answers[0].filter.to + ' (' + answers[0].filter.time_zone + ')';
      say(reportsStatus);
    }).catch(fail);
  }

  function showPerDay(answer) {
    var days = daysBetween(answer.filter.from, answer.filter.to);
    var stages = ['created', 'booked', 'shipped', 'delivered'];
    var totals = {};
    days.forEach(function (d) { totals[d] = { created: 0, booked: 0, shipped: 0, delivered: 0 }; });
    answer.rows.forEach(function (r) {
      if (!totals[r.date]) return;
      stages.forEach(function (s) { totals[r.date][s] += r[s]; });
    });
    drawChart('perDay', 'chart-per-day', {
      type: 'bar',
      data: {
        labels: days,
        datasets: stages.map(function (s, i) {
          return { label: s, backgroundColor: COLORS[i], data: days.map(function (d) { return totals[d][s]; }) };
        }),
      },
      options: { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
    });
    fillTable($('table-per-day'), [
      { label: 'Date', value: function (r) { return r.date; } },
      { label: 'Carrier account', value: function (r) { return r.carrier_account_name || r.carrier_account_id || '(none yet)'; } },
      { label: 'Created', num: true, value: function (r) { return r.created; } },
      { label: 'Booked', num: true, value: function (r) { return r.booked; } },
      { label: 'Shipped', num: true, value: function (r) { return r.shipped; } },
      { label: 'Delivered', num: true, value: function (r) { return r.delivered; } },
    ], answer.rows);
  }

  function showBooking(answer) {
    drawChart('booking', 'chart-booking', {
      type: 'bar',
      data: {
        labels: answer.rows.map(function (r) { return r.carrier_account_name || r.carrier_account_id; }),
        datasets: [{ label: 'success rate (%)', backgroundColor: COLORS[1], data: answer.rows.map(function (r) { return r.success_rate === null ? 0 : Math.round(r.success_rate * 1000) / 10; }) }],
      },
      options: { indexAxis: 'y', scales: { x: { min: 0, max: 100 } } },
    });
    fillTable($('table-booking'), [
      { label: 'Carrier', value: function (r) { return r.carrier; } },
      { label: 'Account', value: function (r) { return r.carrier_account_name || r.carrier_account_id; } },
      { label: 'Requests', num: true, value: function (r) { return r.attempts; } },
      { label: 'Booked', num: true, value: function (r) { return r.booked; } },
      { label: 'Failed', num: true, value: function (r) { return r.failed; } },
      { label: 'Awaiting', num: true, value: function (r) { return r.awaiting; } },
      { label: 'Retries', num: true, value: function (r) { return r.retries; } },
      { label: 'Success rate', num: true, value: function (r) { return percent(r.success_rate); } },
      { label: 'Error codes', value: function (r) { return r.error_codes.map(function (c) { return c.code + ' × ' + c.count; }).join(', '); } },
    ], answer.rows);
  }

  function showLeadTimes(answer) {
    var stage = function (name, label) {
      return { label: label, num: true, value: function (r) {
        var s = r.stages[name];
        return s.count ? [duration(s.p50), duration(s.p90), duration(s.p99)].join(' / ') + ' (' + s.count + ')' : null;
      } };
    };
    fillTable($('table-lead'), [
      { label: 'Carrier', value: function (r) { return r.carrier || '(none yet)'; } },
      { label: 'Lane', value: function (r) { return [r.pickup_city, r.pickup_country].filter(Boolean).join(', ') + ' → ' + [r.dropoff_city, r.dropoff_country].filter(Boolean).join(', '); } },
      { label: 'Shipments', num: true, value: function (r) { return r.shipments; } },
      stage('created_to_booked', 'Created → booked'),
      stage('booked_to_shipped', 'Booked → shipped'),
      stage('shipped_to_delivered', 'Shipped → delivered'),
      stage('created_to_delivered', 'Created → delivered'),
    ], answer.rows);
  }

  function showOnTime(answer) {
    drawChart('onTime', 'chart-on-time', {
      type: 'bar',
      data: {
        labels: answer.rows.map(function (r) { return r.carrier || '(none)'; }),
        datasets: [
          { label: 'on time', backgroundColor: COLORS[1], data: answer.rows.map(function (r) { return r.on_time; }) },
          { label: 'late', backgroundColor: COLORS[2], data: answer.rows.map(function (r) { return r.late; }) },
          { label: 'overdue', backgroundColor: COLORS[4], data: answer.rows.map(function (r) { return r.overdue; }) },
        ],
      },
      options: { indexAxis: 'y', scales: { x: { stacked: true, beginAtZero: true, ticks: { precision: 0 } }, y: { stacked: true } } },
    });
    fillTable($('table-on-time'), [
      { label: 'Carrier', value: function (r) { return r.carrier || '(none)'; } },
      { label: 'Promised', num: true, value: function (r) { return r.promised; } },
      { label: 'Delivered', num: true, value: function (r) { return r.delivered; } },
      { label: 'On time', num: true, value: function (r) { return r.on_time; } },
      { label: 'Late', num: true, value: function (r) { return r.late; } },
      { label: 'Overdue', num: true, value: function (r) { return r.overdue; } },
      { label: 'On-time rate', num: true, value: function (r) { return percent(r.on_time_rate); } },
    ], answer.rows, 'No shipment with a promised date in this period');
  }

  var EXCEPTION_LABELS = { pending_too_long: 'Pending too long', failed_delivery_attempt: 'Failed delivery attempts', returned: 'Returned', stuck: 'Stuck in a status' };

  function showExceptions(answer) {
    var list = $('exception-counts');
    list.textContent = '';
    Object.keys(EXCEPTION_LABELS).forEach(function (kind) {
      var item = el('li');
      item.appendChild(el('strong', answer.counts[kind]));
      item.appendChild(document.createTextNode(EXCEPTION_LABELS[kind]));
      list.appendChild(item);
    });
    fillTable($('table-exceptions'), [
      { label: 'Shipment', value: function (s) { return s.partner_shipment_reference || s.shipment_id; }, link: function (s) { return '#/shipment/' + encodeURIComponent(s.shipment_id); } },
      { label: 'Status', value: function (s) { return s.status; } },
      { label: 'Since', value: function (s) { return when(s.status_since); } },
      { label: 'Carrier', value: function (s) { return s.carrier; } },
      { label: 'Exceptions', value: function (s) { return s.exceptions.map(function (k) { return EXCEPTION_LABELS[k]; }).join(', '); } },
    ], answer.shipments, 'No exception in this period');
  }

  function statusLabel(status) { return status.charAt(0).toUpperCase() + status.slice(1).replace('_', ' '); }

  function showOrders(answer) {
    var days = daysBetween(answer.filter.from, answer.filter.to);
    var totals = {};
    days.forEach(function (d) { totals[d] = {}; ORDER_STATUSES.forEach(function (s) { totals[d][s] = 0; }); });
    answer.rows.forEach(function (r) {
      if (!totals[r.date]) return;
      ORDER_STATUSES.forEach(function (s) { totals[r.date][s] += r[s]; });
    });
    drawChart('orders', 'chart-orders', {
      type: 'bar',
      data: {
        labels: days,
        datasets: ORDER_STATUSES.map(function (s, i) {
          return { label: s.replace('_', ' '), backgroundColor: ORDER_COLORS[i], data: days.map(function (d) { return totals[d][s]; }) };
        }),
      },
      options: { scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } } },
    });
    fillTable($('table-orders'), [
      { label: 'Date', value: function (r) { return r.date; } },
      { label: 'Merchant', value: function (r) { return r.merchant || '(none)'; } },
      { label: 'Created', num: true, value: function (r) { return r.created; } },
    ].concat(ORDER_STATUSES.map(function (s) {
      return { label: statusLabel(s), num: true, value: function (r) { return r[s]; } };
    })), answer.rows, 'No order created in this period');
  }

  function showOrderToShipment(answer) {
    fillTable($('table-order-shipment'), [
      { label: 'Merchant', value: function (r) { return r.merchant || '(none)'; } },
      { label: 'Orders', num: true, value: function (r) { return r.orders; } },
      { label: 'Shipped', num: true, value: function (r) { return r.shipped; } },
      { label: 'Awaiting a shipment', num: true, value: function (r) { return r.awaiting; } },
      { label: 'Closed or cancelled without one', num: true, value: function (r) { return r.without_shipment; } },
      { label: 'p50 / p90 / p99', num: true, value: function (r) {
        return r.shipped ? [duration(r.p50), duration(r.p90), duration(r.p99)].join(' / ') : null;
      } },
    ], answer.rows, 'No order created in this period');
  }

  function downloadCsv(report) {
    clearError();
    var extra = report === 'exceptions' ? { limit: '1000' } : {};
    api('/reports/' + report + '?' + filterQuery(extra, NO_ACCOUNT[report] === true), 'text/csv').then(function (text) {
      var url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
      var link = el('a');
      link.href = url;
      link.download = report + '.csv';
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
      say('Downloaded ' + report + '.csv');
    }).catch(fail);
  }

  // ---- shipments --------------------------------------------------------------------------------

  function searchShipments(text) {
    clearError();
    say('Searching…');
    var params = new URLSearchParams({ page_size: '20' });
    if (text) params.set('search_string', text);
    return api('/shipments?' + params.toString()).then(function (rows) {
      fillTable($('table-shipments'), [
        { label: 'Shipment', value: function (s) { return s.shipment_id; }, link: function (s) { return '#/shipment/' + encodeURIComponent(s.shipment_id); } },
        { label: 'Reference', value: function (s) { return s.references && s.references.partner_shipment_reference; } },
        { label: 'Merchant', value: function (s) { return s.merchant; } },
        { label: 'Status', value: function (s) { return s.post_shipping_info && s.post_shipping_info.status; } },
        { label: 'Carrier', value: function (s) { return s.carrier_account && s.carrier_account.carrier; } },
        { label: 'Tracking no', value: function (s) { return s.post_shipping_info && s.post_shipping_info.tracking_no; } },
        { label: 'Created', value: function (s) { return when(s.creation_date); } },
      ], rows, 'No shipment found');
      say(rows.length + (rows.length === 1 ? ' shipment' : ' shipments'));
    }).catch(fail);
  }

  var timeline = [];

  function showShipment(id) {
    clearError();
    say('Loading shipment…');
    var path = '/shipments/' + encodeURIComponent(id);
    return Promise.all([api(path), api(path + '/history')]).then(function (answers) {
      var shipment = answers[0];
      timeline = answers[1];
      var info = shipment.post_shipping_info || {};
      $('shipment-title').textContent = 'Shipment ' + ((shipment.references && shipment.references.partner_shipment_reference) || shipment.shipment_id);
      fillSummary($('shipment-summary'), [
        ['Shipment id', shipment.shipment_id], ['Status', info.status], ['Merchant', shipment.merchant],
        ['Carrier', shipment.carrier_account && (shipment.carrier_account.carrier_account_name || shipment.carrier_account.carrier)],
        ['Tracking no', info.tracking_no], ['Created', when(shipment.creation_date)], ['Promised delivery', when(shipment.promised_delivery_date)],
      ]);
      var list = $('timeline');
      list.textContent = '';
      timeline.forEach(function (entry, index) {
        var item = el('li');
        item.dataset.index = String(index);
        item.appendChild(el('span', when(entry.occurred_at), 'when'));
        item.appendChild(el('span', entry.type, 'what'));
        item.appendChild(document.createTextNode(' '));
        item.appendChild(el('span', entry.resulting_status, 'badge'));
        item.appendChild(el('span', 'by ' + entry.actor, 'when'));
        list.appendChild(item);
      });
      var slider = $('as-of');
      slider.max = String(Math.max(timeline.length - 1, 0));
      slider.value = slider.max;
      showAsOf(shipment.shipment_id, timeline.length - 1);
      showLabels(info.documents || []);
      say('Shipment loaded: ' + timeline.length + ' events');
    }).catch(fail);
  }

  var asOfRequest = 0;

  function showAsOf(shipmentId, index) {
    var entry = timeline[index];
    if (!entry) return;
    $('as-of-value').textContent = when(entry.occurred_at) + ' (event ' + (index + 1) + ' of ' + timeline.length + ')';
    Array.prototype.forEach.call($('timeline').children, function (item) {
      item.classList.toggle('later', Number(item.dataset.index) > index);
    });
    var ticket = ++asOfRequest;
    api('/shipments/' + encodeURIComponent(shipmentId) + '/history?as_of=' + encodeURIComponent(entry.occurred_at)).then(function (state) {
      if (ticket !== asOfRequest) return;
      var info = state.post_shipping_info || {};
      fillSummary($('as-of-state'), [
        ['Status then', info.status], ['Tracking no then', info.tracking_no],
        ['Carrier then', state.carrier_account && state.carrier_account.carrier], ['Updated', when(state.update_date)],
      ]);
    }).catch(fail);
  }

  function showLabels(documents) {
    var box = $('labels');
    box.textContent = '';
    var pdfs = documents.filter(function (d) { return d.format === 'PDF' && d.url; });
    if (pdfs.length === 0) {
      box.appendChild(el('p', 'No label yet.', 'note'));
      return;
    }
    // The first PDF label is previewed; every label has its link. Label links are signed URLs on the
    // service's public address: they are opened on this page's origin.
    var localUrl = function (doc) {
      var url = new URL(doc.url, window.location.origin);
      return url.pathname + url.search;
    };
    var titleOf = function (doc) { return (doc.name || 'label') + ' (' + (doc.source || '') + ')'; };
    // Page 1 of the first PDF label, drawn by PDF.js (label-preview.mjs): a picture, with the label's
    // name as its text alternative; the links below open every label in the browser's own viewer.
    var figure = el('figure', null, 'label-preview');
    var canvas = el('canvas', null, 'label-canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', 'Preview of ' + titleOf(pdfs[0]));
    canvas.dataset.url = localUrl(pdfs[0]);
    var caption = el('figcaption', 'Loading the preview of ' + titleOf(pdfs[0]) + '…', 'note');
    figure.appendChild(canvas);
    figure.appendChild(caption);
    box.appendChild(figure);
    import('/dashboard/label-preview.mjs')
      .then(function (preview) { return preview.drawLabel(canvas, canvas.dataset.url); })
      .then(function (drawn) {
        canvas.dataset.drawn = 'true';
        caption.textContent = 'Page 1 of ' + drawn.pages + ': ' + titleOf(pdfs[0]);
      })
      .catch(function (error) {
        canvas.hidden = true;
        caption.textContent = 'The preview could not be drawn (' + (error && error.message ? error.message : error) + '); open the label below.';
      });
    var links = el('ul', null, 'label-links');
    pdfs.forEach(function (doc) {
      var item = el('li');
      var link = el('a', 'Open ' + titleOf(doc));
      link.href = localUrl(doc);
      link.target = '_blank';
      link.rel = 'noopener';
      item.appendChild(link);
      links.appendChild(item);
    });
    box.appendChild(links);
  }

  // ---- operations -------------------------------------------------------------------------------

  function loadOperations() {
    clearError();
    say('Loading operations…');
    return api('/reports/operations').then(function (answer) {
      fillTable($('table-lag'), [
        { label: 'Kind', value: function (f) { return f.kind; } },
        { label: 'Name', value: function (f) { return f.name; } },
        { label: 'Lag (events)', num: true, value: function (f) { return f.lag >= 1000 ? '≥ 1000' : f.lag; } },
      ], answer.followers, 'No follower');
      fillTable($('table-parked'), [
        { label: 'Follower', value: function (p) { return p.kind + ' ' + p.follower; } },
        { label: 'Event', value: function (p) { return p.event_type; } },
        { label: 'Shipment', value: function (p) { return p.shipment_id; }, link: function (p) { return '#/shipment/' + encodeURIComponent(p.shipment_id); } },
        { label: 'Tries', num: true, value: function (p) { return p.attempts; } },
        { label: 'Parked', value: function (p) { return when(p.parked_at); } },
        { label: 'Error', value: function (p) { return p.error; } },
      ], answer.parked, 'No parked event');
      say('Operations loaded');
    }).catch(fail);
  }

  // ---- navigation -------------------------------------------------------------------------------

  var VIEWS = ['sign-in', 'reports', 'shipments', 'shipment', 'operations'];

  function showView(name) {
    VIEWS.forEach(function (v) { $('view-' + v).hidden = v !== name; });
    Array.prototype.forEach.call(document.querySelectorAll('#nav a'), function (a) {
      var current = a.getAttribute('href') === '#/' + name || (name === 'shipment' && a.getAttribute('href') === '#/shipments');
      if (current) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
    });
  }

  function route() {
    if (!session) {
      showView('sign-in');
      return;
    }
    var hash = window.location.hash.replace(/^#\/?/, '');
    var parts = hash.split('/');
    if (parts[0] === 'shipment' && parts[1]) {
      showView('shipment');
      showShipment(decodeURIComponent(parts[1]));
    } else if (parts[0] === 'shipments') {
      showView('shipments');
      searchShipments($('search').value.trim());
    } else if (parts[0] === 'operations') {
      showView('operations');
      loadOperations();
    } else {
      showView('reports');
      if (lastFilter === null) loadReports();
      else say(reportsStatus);
    }
    $('main').focus();
  }

  function signOut(message) {
    session = null;
    lastFilter = null;
    Object.keys(charts).forEach(function (k) { charts[k].destroy(); delete charts[k]; });
    $('nav').hidden = true;
    $('sign-in-form').reset();
    clearError();
    say(message || 'Signed out');
    if (window.location.hash) history.replaceState(null, '', window.location.pathname);
    showView('sign-in');
  }

  function signIn(event) {
    event.preventDefault();
    clearError();
    var form = event.target;
    var tenantId = form.elements.tenant_id.value.trim();
    var apiKey = form.elements.api_key.value;
    say('Signing in…');
    fetch('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: form.elements.client_id.value.trim(), client_secret: form.elements.client_secret.value }),
      cache: 'no-store',
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) {
        if (!response.ok || !body.access_token) throw new Error(messageOf(body, response.status));
        session = { tenantId: tenantId, apiKey: apiKey, token: body.access_token };
        // The secrets leave the form once used; the page keeps them in memory only.
        form.reset();
        $('nav').hidden = false;
        say('Signed in to ' + tenantId);
        if (window.location.hash === '' || window.location.hash === '#/reports') route();
        else window.location.hash = '#/reports';
      });
    }).catch(fail);
  }

  function initFilters() {
    var today = new Date();
    var from = new Date(today.getTime() - 29 * 86400000);
    var local = function (d) { return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0'); };
    $('f-from').value = local(from);
    $('f-to').value = local(today);
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    var zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    if (zones.indexOf('UTC') < 0) zones.unshift('UTC');
    if (zones.indexOf(zone) < 0) zones.unshift(zone);
    var select = $('f-tz');
    zones.forEach(function (z) {
      var option = el('option', z);
      option.value = z;
      select.appendChild(option);
    });
    select.value = zone;
  }

  document.addEventListener('DOMContentLoaded', function () {
    initFilters();
    $('sign-in-form').addEventListener('submit', signIn);
    $('sign-out').addEventListener('click', function () { signOut(); });
    $('report-filter').addEventListener('submit', function (event) { event.preventDefault(); loadReports(); });
    $('search-form').addEventListener('submit', function (event) { event.preventDefault(); searchShipments($('search').value.trim()); });
    Array.prototype.forEach.call(document.querySelectorAll('button.csv'), function (button) {
      button.addEventListener('click', function () { downloadCsv(button.dataset.report); });
    });
    $('as-of').addEventListener('input', function (event) {
      var id = (window.location.hash.split('/')[2] || '');
      showAsOf(decodeURIComponent(id), Number(event.target.value));
    });
    window.addEventListener('hashchange', route);
    route();
  });
})();
