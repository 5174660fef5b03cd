// Generated from openapi/trek.yaml by `npm run contract:types`: edit the contract, not this file.
export interface paths {
  '/tour_dossiers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List envelope of tour dossiers (spec §4.2). */
    get: operations['listTourDossiers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tour_dossiers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get tour dossier. */
    get: operations['getTourDossier'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tour_dossiers/{id}/departures': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List tour dossier departures. */
    get: operations['listTourDossierDepartures'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/departures': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List envelope of departures (spec §4.2). */
    get: operations['listDepartures'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/departures/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get departure. */
    get: operations['getDeparture'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/activities': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List activities. */
    get: operations['listActivities'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/activities/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get activity. */
    get: operations['getActivity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/itineraries/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get itinerary. */
    get: operations['getItinerary'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/itineraries/{id}/{variation_id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        variation_id: string;
      };
      cookie?: never;
    };
    /** Get itinerary variation. */
    get: operations['getItineraryVariation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/structured_itineraries/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** The operator client's name for an itinerary (same resource). */
    get: operations['getStructuredItinerary'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/structured_itineraries/{id}/{variation_id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        variation_id: string;
      };
      cookie?: never;
    };
    /** Get structured itinerary variation. */
    get: operations['getStructuredItineraryVariation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/flex_plans/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get flex plan. */
    get: operations['getFlexPlan'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/service_cancellation_terms/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get service cancellation terms. */
    get: operations['getServiceCancellationTerms'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/override_reasons': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List override reasons. */
    get: operations['listOverrideReasons'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/override_reasons/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get override reason. */
    get: operations['getOverrideReason'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/agency_chains/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get agency chain. */
    get: operations['getAgencyChain'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/booking_companies/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get booking company. */
    get: operations['getBookingCompany'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/promotions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get promotion. */
    get: operations['getPromotion'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/countries/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get country. */
    get: operations['getCountry'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/nationalities/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /**
     * Get nationality.
     * @description What a customer's `nationality` reference points to (the operator's client models it as a reference; trek's choice to serve it).
     */
    get: operations['getNationality'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/states/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get state. */
    get: operations['getState'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/bookings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List bookings. */
    get: operations['listBookings'];
    put?: never;
    /** Create booking. */
    post: operations['createBooking'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/bookings/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get booking. */
    get: operations['getBooking'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Update booking. */
    patch: operations['updateBooking'];
    trace?: never;
  };
  '/bookings/{id}/services': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List booking services. */
    get: operations['listBookingServices'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/bookings/{id}/invoices': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List booking invoices. */
    get: operations['listBookingInvoices'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/bookings/{id}/payments': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List booking payments. */
    get: operations['listBookingPayments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/bookings/{id}/checkins': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List booking checkins. */
    get: operations['listBookingCheckins'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/bookings/{id}/requirements': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List booking requirements. */
    get: operations['listBookingRequirements'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/bookings/{id}/refunds': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List booking refunds. */
    get: operations['listBookingRefunds'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/bookings/{id}/documents': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List booking documents. */
    get: operations['listBookingDocuments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/bookings/{id}/overrides': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List booking overrides. */
    get: operations['listBookingOverrides'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/bookings/{id}/customers': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List booking customers. */
    get: operations['listBookingCustomers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/bookings/{id}/travel_credits': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List booking travel credits. */
    get: operations['listBookingTravelCredits'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/bookings/{id}/payment_links': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List booking payment links. */
    get: operations['listBookingPaymentLinks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/customers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List customers. */
    get: operations['listCustomers'];
    put?: never;
    /** Create customer. */
    post: operations['createCustomer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/customers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get customer. */
    get: operations['getCustomer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Update customer. */
    patch: operations['updateCustomer'];
    trace?: never;
  };
  '/customers/{id}/bookings': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Spec §4.2: a list of booking references. */
    get: operations['listCustomerBookings'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/departure_services': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create departure service. */
    post: operations['createDepartureService'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/departure_services/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get departure service. */
    get: operations['getDepartureService'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Update departure service. */
    patch: operations['updateDepartureService'];
    trace?: never;
  };
  '/activity_services': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create activity service. */
    post: operations['createActivityService'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/activity_services/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get activity service. */
    get: operations['getActivityService'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Update activity service. */
    patch: operations['updateActivityService'];
    trace?: never;
  };
  '/flex_plan_services': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create flex plan service. */
    post: operations['createFlexPlanService'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/flex_plan_services/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get flex plan service. */
    get: operations['getFlexPlanService'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Update flex plan service. */
    patch: operations['updateFlexPlanService'];
    trace?: never;
  };
  '/flex_plan_addons/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get flex plan addon. */
    get: operations['getFlexPlanAddon'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/overrides': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create override. */
    post: operations['createOverride'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/overrides/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get override. */
    get: operations['getOverride'];
    put?: never;
    post?: never;
    /** Delete override. */
    delete: operations['deleteOverride'];
    options?: never;
    head?: never;
    /** Update override. */
    patch: operations['updateOverride'];
    trace?: never;
  };
  '/checkins/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get checkin. */
    get: operations['getCheckin'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/agents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get agent. */
    get: operations['getAgent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Update agent. */
    patch: operations['updateAgent'];
    trace?: never;
  };
  '/agencies/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get agency. */
    get: operations['getAgency'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Update agency. */
    patch: operations['updateAgency'];
    trace?: never;
  };
  '/agencies/{id}/agents': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List agency agents. */
    get: operations['listAgencyAgents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/agencies/{id}/bookings': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List agency bookings. */
    get: operations['listAgencyBookings'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/agencies/{id}/promotions': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List agency promotions. */
    get: operations['listAgencyPromotions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/agencies/{id}/travel_credits': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** List agency travel credits. */
    get: operations['listAgencyTravelCredits'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invoices/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get invoice. */
    get: operations['getInvoice'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/documents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get document. */
    get: operations['getDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/documents/{id}/content': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get document content. */
    get: operations['getDocumentContent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/payment_links/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get payment link. */
    get: operations['getPaymentLink'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/payments/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get payment. */
    get: operations['getPayment'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/refunds/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get refund. */
    get: operations['getRefund'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/travel_credits/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Get travel credit. */
    get: operations['getTravelCredit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/payments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sandbox create payment. */
    post: operations['sandboxCreatePayment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/pay/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    /** Sandbox get pay link. */
    get: operations['sandboxGetPayLink'];
    put?: never;
    /** Sandbox pay link. */
    post: operations['sandboxPayLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/payments/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sandbox preview of a payment.
     * @description The change run and rolled back (trek's choice, docs/sandbox.md "Previews"); the answer is the change's own, with no id, and `preview` true.
     */
    post: operations['sandboxPreviewPayment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/pay/{token}/preview': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sandbox preview of paying a payment link.
     * @description The change run and rolled back (trek's choice, docs/sandbox.md "Previews"); the answer is the change's own, with no id, and `preview` true.
     */
    post: operations['sandboxPreviewPayLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/flex_plan_services/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sandbox preview of attaching a flex plan.
     * @description The change run and rolled back (trek's choice, docs/sandbox.md "Previews"); the answer is the change's own, with no id, and `preview` true.
     */
    post: operations['sandboxPreviewFlexPlanService'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/departures/{id}/quote': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /**
     * Sandbox quote for a departure service.
     * @description What a departure service for `travellers` would cost in `currency`, priced by the code that prices one (trek's choice, docs/sandbox.md).
     */
    get: operations['sandboxQuoteDeparture'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/whoami': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sandbox whoami. */
    get: operations['sandboxWhoami'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/clock': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sandbox get clock. */
    get: operations['sandboxGetClock'];
    put?: never;
    /** Sandbox move clock. */
    post: operations['sandboxMoveClock'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/services/{id}/staff-cancel': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sandbox staff cancel. */
    post: operations['sandboxStaffCancel'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/departures/{id}/availability': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sandbox set availability. */
    post: operations['sandboxSetAvailability'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sandbox reset. */
    post: operations['sandboxReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sandbox keys. */
    get: operations['sandboxKeys'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/faults': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sandbox list faults. */
    get: operations['sandboxListFaults'];
    put?: never;
    /** Sandbox add fault. */
    post: operations['sandboxAddFault'];
    /** Sandbox clear faults. */
    delete: operations['sandboxClearFaults'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/faults/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Sandbox get fault. */
    get: operations['sandboxGetFault'];
    put?: never;
    post?: never;
    /** Sandbox clear fault. */
    delete: operations['sandboxClearFault'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sandbox list webhooks. */
    get: operations['sandboxListWebhooks'];
    put?: never;
    /** Sandbox subscribe. */
    post: operations['sandboxSubscribe'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/webhooks/trigger': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sandbox trigger webhook. */
    post: operations['sandboxTriggerWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Sandbox get webhook. */
    get: operations['sandboxGetWebhook'];
    put?: never;
    post?: never;
    /** Sandbox delete webhook. */
    delete: operations['sandboxDeleteWebhook'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Sandbox list deliveries. */
    get: operations['sandboxListDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/webhook_deliveries/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** Sandbox get delivery. */
    get: operations['sandboxGetDelivery'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_sandbox/webhook_deliveries/{id}/resend': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sandbox resend delivery. */
    post: operations['sandboxResendDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This document, in JSON, its servers entry set to the sandbox's base URL. */
    get: operations['sandboxContractJson'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.yaml': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This document, in YAML, its servers entry set to the sandbox's base URL. */
    get: operations['sandboxContractYaml'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description Spec §2.1: YYYY-MM-DD. */
    Date: string;
    /** @description Spec §2.1: ISO 8601 in UTC, YYYY-MM-DDThh:mm:ssZ. */
    DateTime: string;
    /** @description Spec §2.1: a string with two fraction digits, in the currency of the booking. */
    Decimal: string;
    /** @description ISO currency code. */
    Currency: string;
    /** @description Spec §2.1: an object with id and href; some carry name, code or label. */
    Reference: {
      id: string;
      /** @description Absolute or path-relative URL. */
      href: string;
      name?: string | null;
      code?: string;
      label?: string;
    };
    /** @description A nested collection: an object holding the href of the sub-collection (spec §2.2). */
    Link: {
      href: string;
    };
    /** @description Spec §2.1: in request bodies a reference is given by its id (string or number). */
    ReferenceInput:
      | {
          id: string | number;
        }
      | string
      | number;
    /** @description Spec §2.3. */
    CustomerName: {
      legal_first_name?: string;
      legal_middle_name?: string | null;
      legal_last_name?: string;
      common_name?: string | null;
      /** @description Mr, Mrs, Ms or Miss; one spec example carries Mx. */
      title?: string;
    };
    /** @description A customer reference with the name object (spec §2.4, §2.7). */
    CustomerReference: {
      id: string;
      href: string;
      name?: components['schemas']['CustomerName'];
    };
    /** @description A place: a reference with at least a name (the operator sends {id, href, name}); a bare string is accepted from older answers. */
    PlaceReference:
      | {
          id?: string | number;
          href?: string;
          name: string;
        }
      | string;
    /** @description Spec §7.2: the dictionary every error response carries. */
    Error: {
      http_status_code: number;
      time: components['schemas']['DateTime'];
      message: string;
      /** @description Hex string, sometimes prefixed by a fixed service prefix and an underscore. */
      error_id: string;
      href?: string | null;
      errors?:
        | {
            detail: string;
            code?: string | null;
            field?: string | null;
            value?: unknown;
          }[]
        | null;
    };
    /** @description The body of a 301 (spec §4.1: the new URL is in the Location header). */
    Moved: {
      message?: string;
      href?: string;
    };
    /** @description Spec §2.1 list envelope. */
    ListEnvelope: {
      /** @description Possibly approximate. */
      count: number;
      max_per_page?: number;
      current_page: number;
      results: unknown[];
      links: {
        href: string;
        rel: string;
      }[];
    };
    /** @description Spec §2.1: the overrides list example carries count and current_page as strings and omits max_per_page; both forms are accepted. */
    OverrideListEnvelope: {
      count: number | string;
      max_per_page?: number;
      current_page: number | string;
      results: components['schemas']['Override'][];
      links: components['schemas']['ListEnvelope']['links'];
    };
    /**
     * @description Spec §3.1.
     * @enum {string}
     */
    ServiceStatus: 'Option' | 'On Request' | 'Request Confirmation' | 'Confirmed' | 'Waitlisted' | 'Expired' | 'Request Cancellation' | 'Cancelled';
    /** @enum {string} */
    ServiceType: 'departure_services' | 'activity_services' | 'flex_plan_services';
    /**
     * @description Spec §2.11: AVAILABLE, NOT_BOOKABLE, REQUEST_SPACE, WAIT_LIST.
     * @enum {string}
     */
    AvailabilityStatus: 'AVAILABLE' | 'NOT_BOOKABLE' | 'REQUEST_SPACE' | 'WAIT_LIST';
    /** @description A price of a departure room price band (operator client: currency, amount, deposit, promotions). */
    Price: {
      currency: components['schemas']['Currency'];
      amount: components['schemas']['Decimal'];
      deposit?: components['schemas']['Decimal'];
      promotions?: components['schemas']['Reference'][];
    };
    /** @description Lowest per-person price for two adults (operator client). */
    PP2aPrice: {
      currency: components['schemas']['Currency'];
      amount: components['schemas']['Decimal'];
    };
    /** @description Spec §2.3 / §2.9; state and country are references {id, href, name} (operator client); text is accepted too. */
    Address: {
      street?: string | null;
      city?: string | null;
      state?: components['schemas']['Reference'] | string | null;
      country?: components['schemas']['Reference'] | string | null;
      postal_zip?: string | null;
      latitude?: string | number | null;
      longitude?: string | number | null;
    };
    /** @description Spec §2.10: an itinerary or departure component. */
    Component: {
      /** @enum {string} */
      type?: 'ACCOMMODATION' | 'ACTIVITY' | 'TRANSPORT' | 'FREE_TIME';
      start_location?: components['schemas']['PlaceReference'] | null;
      end_location?: components['schemas']['PlaceReference'] | null;
      summary?: string | null;
      description?: string | null;
      instructions?: string | null;
      accommodation?: components['schemas']['ComponentReference'] | null;
      accommodation_dossier?: components['schemas']['ComponentReference'] | null;
      activity?: components['schemas']['ComponentReference'] | null;
      activity_dossier?: components['schemas']['ComponentReference'] | null;
      transport?: components['schemas']['ComponentReference'] | null;
      transport_dossier?: components['schemas']['ComponentReference'] | null;
      transport_leg?: components['schemas']['ComponentReference'] | null;
      duration?: {
        min_hr?: string | null;
        max_hr?: string | null;
      } | null;
      distance_km?: number | null;
      start_time?: string | null;
      end_time?: string | null;
      /** @enum {string|null} */
      time_period?: 'MORNING' | 'AFTERNOON' | 'EVENING' | 'FULL_DAY' | null;
      is_overnight?: boolean | null;
    };
    /** @description What a component refers to (an accommodation, activity or transport, or its dossier): id, href and name where given; an accommodation also carries its type. */
    ComponentReference: {
      id?: string;
      href?: string;
      name?: string;
      type?: {
        code?: string;
        label?: string;
      };
    };
    /** @description Spec §2.4 promotion object. */
    AppliedPromotion: {
      id?: string;
      href?: string;
      name?: string;
      promotion_code?: string;
      discount_amount?: components['schemas']['Decimal'];
      commission_rate?: number;
      terms_and_conditions?: string | null;
    };
    DepartureComponent: components['schemas']['Component'] & {
      id?: string;
      name?: string;
      start_date?: components['schemas']['Date'] | null;
      finish_date?: components['schemas']['Date'] | null;
    };
    /** @description Fields not shown in the spec: the operator client's names where it has them, else the sandbox's choice. */
    Activity: {
      id: string;
      href: string;
      name: string;
      description: string;
      location: {
        city: string;
        country: string;
      };
      duration_hours: number;
      available_from: components['schemas']['Date'];
      available_to: components['schemas']['Date'];
      /** @description Amounts by currency code. */
      prices: {
        [key: string]: components['schemas']['Decimal'];
      };
      commission_rate: number;
      date_created: components['schemas']['DateTime'];
    };
    ActivityService: {
      id: string;
      href: string;
      name?: string | null;
      status: components['schemas']['ServiceStatus'];
      status_transitions?: components['schemas']['ServiceStatus'][];
      type: components['schemas']['ServiceType'];
      sub_type?: string;
      start_date?: components['schemas']['Date'] | null;
      finish_date?: components['schemas']['Date'] | null;
      customers?: components['schemas']['CustomerReference'][];
      date_created?: components['schemas']['DateTime'];
      date_confirmed?: components['schemas']['DateTime'] | null;
      date_cancelled?: components['schemas']['DateTime'] | null;
      option_expiry_date?: components['schemas']['DateTime'] | null;
      purchase_price?: components['schemas']['Decimal'] | null;
      commission?: components['schemas']['Decimal'] | null;
      deposit_amount?: components['schemas']['Decimal'];
      cancellation_fee?: components['schemas']['Decimal'] | null;
      payment_to_confirm?: components['schemas']['PaymentToConfirm'] | null;
      applied_promotion?: components['schemas']['AppliedPromotion'] | null;
      applied_promotions?: components['schemas']['AppliedPromotion'][];
      flags?: string[];
      booking?: components['schemas']['Reference'];
      documents?: components['schemas']['ServiceDocument'][] | null;
      declined_reason?: components['schemas']['Reference'] | null;
      product?: components['schemas']['Reference'] | null;
      associated_services?: components['schemas']['AssociatedService'][];
      incomplete_requirements?: components['schemas']['IncompleteRequirement'][];
      arrival_flight_details?: unknown[];
      cancellation_terms?: components['schemas']['Reference'];
    };
    Agency: {
      id: string;
      href: string;
      name: string;
      date_created: components['schemas']['DateTime'];
      transactional_email: string;
      preferred_display_name: string | null;
      booking_currencies: string[];
      address: components['schemas']['Address'];
      latitude: string | null;
      longitude: string | null;
      emails: {
        type: string;
        address: string;
      }[];
      agency_chain: components['schemas']['Reference'] | null;
      agency_chains: components['schemas']['Reference'][];
      booking_companies: components['schemas']['Reference'][];
      agency_chain_configurations: {
        agency_chain: components['schemas']['Reference'];
        booking_company: components['schemas']['Reference'];
        flags: string[];
      }[];
      /** @description Sandbox adds the agency's own switches (FLEX_DISABLED), beside its chains'. */
      flags: string[];
      override_agency_secondary: boolean;
      communication_preferences: string[];
      passenger_notifications: string[];
      agent_notifications: string[];
      abta_number: string | null;
      documents: unknown[];
      bookings: components['schemas']['Link'];
      agents: components['schemas']['Link'];
      promotions: components['schemas']['Link'];
      travel_credits: components['schemas']['Link'];
    };
    /** @description Fields not shown in the spec: the operator client's names where it has them, else the sandbox's choice. */
    AgencyChain: {
      id: string;
      href: string;
      name: string;
      flags: string[];
    };
    Agent: {
      id: string;
      href: string;
      role: {
        id: string;
        name: string;
      };
      first_name: string;
      last_name: string;
      email: string;
      phone_numbers: {
        number: string;
        type: string;
      }[];
      username: string;
      agency: components['schemas']['Reference'];
      active: boolean;
    };
    Booking: {
      id: string;
      href: string;
      external_id: string | null;
      currency: components['schemas']['Currency'];
      date_created: components['schemas']['DateTime'];
      date_closed: components['schemas']['Date'] | null;
      date_of_first_travel: components['schemas']['Date'] | null;
      date_of_last_travel: components['schemas']['Date'] | null;
      balance_due_date: components['schemas']['Date'] | null;
      amount_paid: components['schemas']['Decimal'];
      amount_owing: components['schemas']['Decimal'];
      amount_pending: components['schemas']['Decimal'];
      commission: components['schemas']['Decimal'];
      tax_on_commission: components['schemas']['Decimal'];
      /** @description Creation-time member (spec §2.2); the sandbox echoes it. */
      no_auto_final_payment: boolean;
      /** @description Spec §2.2: bookings linked to this one. */
      linked_bookings: {
        id: string;
        href: string;
        date_of_first_travel?: components['schemas']['Date'] | null;
        date_of_last_travel?: components['schemas']['Date'] | null;
      }[];
      booking_company: components['schemas']['Reference'] | null;
      agent: components['schemas']['Reference'] | null;
      agency: components['schemas']['Reference'] | null;
      associated_agency: components['schemas']['Reference'] | null;
      agency_chain: components['schemas']['Reference'] | null;
      services: components['schemas']['Link'];
      invoices: components['schemas']['Link'];
      payments: components['schemas']['Link'];
      checkins: components['schemas']['Link'];
      requirements: components['schemas']['Link'];
      refunds: components['schemas']['Link'];
      documents: components['schemas']['Link'];
      overrides: components['schemas']['Link'];
      customers: components['schemas']['Link'];
      travel_credits: components['schemas']['Link'];
      payment_links: components['schemas']['Link'];
    };
    /** @description Fields not shown in the spec: the operator client's names where it has them, else the sandbox's choice. */
    BookingCompany: {
      id: string;
      href: string;
      name: string;
    };
    /** @description Fields not shown in the spec: the operator client's names where it has them, else the sandbox's choice. */
    CancellationTerms: {
      id: string;
      href: string;
      type: string;
      service?: components['schemas']['Reference'];
      departure: components['schemas']['Reference'] | null;
      departure_service?: components['schemas']['Reference'] | null;
      windows: {
        days_before_departure_from: number | null;
        days_before_departure_to: number | null;
        start_date: components['schemas']['Date'] | null;
        end_date: components['schemas']['Date'] | null;
        penalty_percent?: number;
        penalty_amount:
          | components['schemas']['Decimal']
          | {
              [key: string]: components['schemas']['Decimal'];
            };
        refund_amount:
          | components['schemas']['Decimal']
          | {
              [key: string]: components['schemas']['Decimal'];
            };
        travel_credit_amount:
          | components['schemas']['Decimal']
          | {
              [key: string]: components['schemas']['Decimal'];
            };
      }[];
      flex_plan?: components['schemas']['Reference'];
      travel_credit_windows?: {
        booking_window_months: number;
        travel_window_months: number;
      };
      flex_plan_service?: components['schemas']['Reference'] | null;
      currency?: string;
      price?: components['schemas']['Decimal'];
    };
    Checkin: {
      id: string;
      href: string;
      expires: components['schemas']['Date'] | null;
      booking: components['schemas']['Reference'];
      customer: components['schemas']['CustomerReference'];
      status: string;
      requirements: {
        name: string;
        code: string;
        COMPLETE: {
          code: string;
        }[];
        INCOMPLETE: {
          code: string;
        }[];
      }[];
    };
    Nationality: {
      id: string;
      href: string;
      name: string;
    };
    /** @description Fields not shown in the spec: the operator client's names where it has them, else the sandbox's choice. */
    Country: {
      id?: string;
      href?: string;
      name?: string;
      states?: components['schemas']['Reference'][];
    };
    Customer: {
      id: string;
      /** @description Sandbox adds when the customer was created. */
      date_created?: components['schemas']['DateTime'];
      name?: components['schemas']['CustomerName'];
      date_of_birth?: components['schemas']['Date'] | null;
      place_of_birth?: string | null;
      /** @description Spec §2.3: String, nullable; the operator client reads a nationality reference {id, href, name}. Both are accepted. */
      nationality?: string | components['schemas']['Reference'] | null;
      passport?: {
        number?: string | null;
        issue_date?: components['schemas']['Date'] | null;
        expiry_date?: components['schemas']['Date'] | null;
        place_of_issue?: string | null;
      };
      medical_notes?: string | null;
      meal_preference?: string | null;
      meal_notes?: string | null;
      account_email?: string | null;
      phone_numbers?:
        | {
            number?: string;
            type?: string;
          }[]
        | null;
      emergency_contacts?: {
        first_name?: unknown;
        last_name?: unknown;
        phone_numbers?: unknown[];
      };
      address?: components['schemas']['Address'];
      href: string;
      bookings?: components['schemas']['Link'];
      /** @description Operator client member; optional. */
      gender?: string | null;
      /** @description Operator client member; optional. */
      medical_details?: unknown;
    };
    Departure: {
      id: string;
      href: string;
      name?: string;
      product_line?: string;
      start_date?: components['schemas']['Date'];
      finish_date?: components['schemas']['Date'];
      availability?: {
        status?: components['schemas']['AvailabilityStatus'];
        spaces_remaining?: number;
        /** @description Operator client member: total places; optional. */
        total?: number;
      };
      nearest_start_airport?: {
        code?: string;
      };
      nearest_finish_airport?: {
        code?: string;
      };
      tour_dossier?: components['schemas']['Reference'];
      /** @description Sandbox adds the price (or deposit) per currency for the standard room. */
      prices?: {
        [key: string]: components['schemas']['Decimal'];
      };
      /** @description Sandbox adds the price (or deposit) per currency for the standard room. */
      deposits?: {
        [key: string]: components['schemas']['Decimal'];
      };
      flags?: string[];
      flex_plans?: components['schemas']['Reference'][];
      cancellation_terms?: components['schemas']['Reference'];
      date_created?: components['schemas']['DateTime'];
      date_last_modified?: components['schemas']['DateTime'];
      lowest_pp2a_prices?: components['schemas']['PP2aPrice'][];
      rooms?: {
        code?: string;
        name?: string;
        availability?: unknown;
        flags?: string[];
        price_bands?: {
          code?: string;
          name?: string;
          min_travellers?: number | null;
          max_travellers?: number | null;
          min_age?: number | null;
          max_age?: number | null;
          prices?: components['schemas']['Price'][];
        }[];
        addons?: unknown[];
        /** @description Sandbox adds the room's price adjustment in percent. */
        price_adjustment_percent?: number;
      }[];
      structured_itineraries?: {
        id: string;
        href: string;
        variation_id?: string | null;
      }[];
      components?: components['schemas']['DepartureComponent'][];
      /** @description Operator client: add-on products of the departure. Optional. */
      addons?: unknown[];
      /** @description Operator client: local payments, items {currency, amount, ...}. Optional. */
      local_payments?: unknown[];
      /** @description Operator client member; optional. */
      start_address?: components['schemas']['Address'] | null;
      /** @description Operator client member; optional. */
      finish_address?: components['schemas']['Address'] | null;
      /** @description Operator client member; optional. */
      sku?: unknown;
      /** @description Operator client member; optional. */
      latest_arrival_time?: unknown;
      /** @description Operator client member; optional. */
      earliest_departure_time?: unknown;
      /** @description Operator client member; optional. */
      requirements?: unknown;
      /** @description Operator client member; optional. */
      tour?: unknown;
    };
    DepartureService: {
      id: string;
      href: string;
      name?: string | null;
      status: components['schemas']['ServiceStatus'];
      status_transitions?: components['schemas']['ServiceStatus'][];
      type: components['schemas']['ServiceType'];
      sub_type?: string;
      start_date?: components['schemas']['Date'] | null;
      finish_date?: components['schemas']['Date'] | null;
      customers?: components['schemas']['CustomerReference'][];
      date_created?: components['schemas']['DateTime'];
      date_confirmed?: components['schemas']['DateTime'] | null;
      date_cancelled?: components['schemas']['DateTime'] | null;
      option_expiry_date?: components['schemas']['DateTime'] | null;
      purchase_price?: components['schemas']['Decimal'] | null;
      commission?: components['schemas']['Decimal'] | null;
      /** @description Sandbox adds the deposit this service needs to be confirmed. */
      deposit_amount?: components['schemas']['Decimal'] | null;
      /** @description Sandbox adds this member (see docs/sandbox.md). */
      cancellation_fee?: components['schemas']['Decimal'] | null;
      /** @description Sandbox adds this member (see docs/sandbox.md). */
      payment_to_confirm?: components['schemas']['PaymentToConfirm'] | null;
      applied_promotion?: components['schemas']['AppliedPromotion'] | null;
      applied_promotions?: components['schemas']['AppliedPromotion'][];
      flags?: string[];
      booking?: components['schemas']['Reference'];
      documents?: components['schemas']['ServiceDocument'][] | null;
      declined_reason?: components['schemas']['Reference'] | null;
      product?: components['schemas']['Reference'] | null;
      associated_services?: components['schemas']['AssociatedService'][];
      incomplete_requirements?: components['schemas']['IncompleteRequirement'][];
      arrival_flight_details?: {
        arrival_flight_number?: string;
        arrival_flight_date_time?: string;
        customer?: components['schemas']['CustomerReference'];
      }[];
      /** @description Spec §2.4: rooms with code, name and customer; the operator client reads customers (a list). */
      rooms?: {
        code?: string;
        name?: string;
        customer?: components['schemas']['CustomerReference'];
        customers?: components['schemas']['CustomerReference'][];
      }[];
      components?: components['schemas']['DepartureComponent'][];
      departure_flight_details?: {
        departure_flight_number?: string;
        departure_flight_date_time?: string;
        customer?: components['schemas']['CustomerReference'];
      }[];
      international_ticket_numbers?: {
        ticket_number?: string;
        customer?: components['schemas']['CustomerReference'];
      }[];
      traveller_heights?: {
        height?: string;
        customer?: components['schemas']['CustomerReference'];
      }[];
      /** @description Sandbox adds this member (see docs/sandbox.md). */
      cancellation_terms?: components['schemas']['Reference'];
      /** @description Operator client: the deposit of the departure service (a price field). */
      deposit?: components['schemas']['Decimal'] | null;
      /** @description Operator client member; optional. */
      requirements?: unknown[];
      /** @description Operator client: items {customer, flights[]}; optional. */
      arriving_flights?: {
        customer?: components['schemas']['Reference'];
        flights?: {
          [key: string]: unknown;
        }[];
      }[];
      /** @description Operator client: items {customer, flights[]}; optional. */
      departing_flights?: {
        customer?: components['schemas']['Reference'];
        flights?: {
          [key: string]: unknown;
        }[];
      }[];
      /** @description Operator client member; optional. */
      itinerary?: components['schemas']['Reference'] | null;
      /** @description Operator client member; optional. */
      original_departure_service?: components['schemas']['Reference'] | null;
    };
    /** @description Fields not shown in the spec: the operator client's names where it has them, else the sandbox's choice. */
    Document: {
      id: string;
      href: string;
      date_created: components['schemas']['DateTime'];
      /** @enum {string} */
      type: 'INVOICE' | 'ATOL_CERTIFICATE' | 'VOUCHER';
      /** @enum {string} */
      audience: 'AGENT' | 'CUSTOMER';
      booking: components['schemas']['Reference'];
      mime_type: string;
      name: string;
      invoice: components['schemas']['Reference'] | null;
      services: {
        id: string;
        href: string;
        type: string;
      }[];
      content: components['schemas']['Link'];
    };
    Fault: {
      id: string;
      href: string;
      /** @description The status answered instead of the real answer; null: the real answer (after delay_ms), or none (drop). */
      status: number | null;
      /** @description A path pattern, * matching any characters (slashes too); the whole path must match, query aside. */
      path: string;
      /** @description Only requests of this method; null: any. */
      method: string | null;
      /** @description Fires on the next count matching requests, then is gone; null: until cleared. */
      count: number | null;
      /** @description What is left of count; null without one. */
      remaining: number | null;
      /** @description Fires on this share (0–1] of matching requests, drawn per request; null: on every one. */
      rate: number | null;
      /** @description Seconds sent in Retry-After with the status. */
      retry_after: number | null;
      /** @description Milliseconds waited before answering (a slow answer). */
      delay_ms: number | null;
      /** @description The connection is closed without an answer. */
      drop: boolean;
      date_created: components['schemas']['DateTime'];
    };
    /** @description Fields not shown in the spec: the operator client's names where it has them, else the sandbox's choice. */
    FlexPlan: {
      id: string;
      href: string;
      name: string;
      tier: {
        code: string;
        name: string;
      };
      departure: components['schemas']['Reference'];
      product_line: string;
      /** @description Amounts by currency code. */
      prices: {
        [key: string]: components['schemas']['Decimal'];
      };
      availability: {
        status?: components['schemas']['AvailabilityStatus'];
      };
      stop_sell_days: number;
      stop_sell_date: components['schemas']['Date'];
      late_attach_hours: number;
      cancellation_terms: components['schemas']['Reference'];
      travel_credit_windows: {
        booking_window_months: number;
        travel_window_months: number;
      };
    };
    FlexPlanAddon: {
      id: string;
      href: string;
      booking: components['schemas']['Reference'];
      customer: {
        id: string;
        href: string;
        name: {
          legal_first_name: string;
          legal_middle_name: unknown;
          legal_last_name: string;
          common_name: unknown;
          title: string;
        };
      };
      flex_plan_service: components['schemas']['Reference'];
      order_url: string;
      support_url: string;
      terms_url: string;
      products: {
        /** @enum {string} */
        category: 'ESIM' | 'LUGGAGE_PROTECTION';
        name: string;
      }[];
      status: string;
      date_created: components['schemas']['DateTime'];
      date_cancelled: components['schemas']['DateTime'] | null;
    };
    FlexPlanService: {
      id: string;
      href: string;
      name?: string | null;
      status: components['schemas']['ServiceStatus'];
      status_transitions?: components['schemas']['ServiceStatus'][];
      type: components['schemas']['ServiceType'];
      sub_type?: string;
      start_date?: components['schemas']['Date'] | null;
      finish_date?: components['schemas']['Date'] | null;
      customers?: components['schemas']['CustomerReference'][];
      date_created?: components['schemas']['DateTime'];
      date_confirmed?: components['schemas']['DateTime'] | null;
      date_cancelled?: components['schemas']['DateTime'] | null;
      option_expiry_date?: components['schemas']['DateTime'] | null;
      purchase_price?: components['schemas']['Decimal'] | null;
      commission?: components['schemas']['Decimal'] | null;
      deposit_amount?: components['schemas']['Decimal'];
      cancellation_fee?: components['schemas']['Decimal'] | null;
      payment_to_confirm?: components['schemas']['PaymentToConfirm'] | null;
      applied_promotion?: components['schemas']['AppliedPromotion'] | null;
      applied_promotions?: components['schemas']['AppliedPromotion'][];
      flags?: string[];
      booking?: components['schemas']['Reference'];
      documents?: components['schemas']['ServiceDocument'][] | null;
      declined_reason?: components['schemas']['Reference'] | null;
      product?: components['schemas']['Reference'] | null;
      associated_services?: components['schemas']['AssociatedService'][];
      cancellation_terms?: components['schemas']['Reference'] | null;
      flex_plan_addons?: components['schemas']['Reference'][];
      exercise?: {
        date?: components['schemas']['Date'];
        window?: {
          days_before_departure_from?: number;
          days_before_departure_to?: number | null;
        };
        window_refund_amount?: components['schemas']['Decimal'];
        window_travel_credit_amount?: components['schemas']['Decimal'];
        refund_amount?: components['schemas']['Decimal'];
        travel_credit_amount?: components['schemas']['Decimal'];
        refund?: components['schemas']['Reference'] | null;
        travel_credit?: components['schemas']['Reference'] | null;
      } | null;
    };
    /** @description Spec §2.2: fields not shown; the sandbox's choice (docs/sandbox.md). */
    Invoice: {
      id: string;
      href: string;
      booking: components['schemas']['Reference'];
      currency: string;
      date: components['schemas']['Date'];
      date_created: components['schemas']['DateTime'];
      reason: string;
      total: components['schemas']['Decimal'];
      amount_paid: components['schemas']['Decimal'];
      amount_due: components['schemas']['Decimal'];
      lines: {
        service: {
          id: string;
          href: string;
          type: string;
          name: string;
        };
        kind: string;
        description: string;
        amount: components['schemas']['Decimal'];
      }[];
      supersedes: components['schemas']['Reference'] | null;
      documents: components['schemas']['Reference'][];
    };
    Itinerary: {
      id: string;
      href: string;
      label?: string;
      tour_dossier?: components['schemas']['Reference'];
      booking_company?: components['schemas']['Reference'];
      booking_companies?: components['schemas']['Reference'][];
      flags?: string[];
      /** @description Operator client: tour length in days. */
      duration?: number | null;
      /** @description Spec §2.10 "length" by meaning; the operator client names it duration. */
      length?: number;
      start_location?: components['schemas']['PlaceReference'] | null;
      end_location?: components['schemas']['PlaceReference'] | null;
      /** @description Spec §2.10: integer counts of breakfasts, lunches, dinners. */
      meals_included?: {
        breakfasts?: number;
        lunches?: number;
        dinners?: number;
      };
      /** @description Spec §2.10: a (minimum, maximum) list and a currency. */
      meals_budget?: {
        min_max?: number[];
        currency?: string;
      };
      /** @description Earlier sandbox name of meals_budget, still sent. */
      meal_budget?: {
        min_max?: number[];
        currency?: string;
      };
      details?: {
        body?: string;
        type?: {
          id: string;
          code?: string;
          name?: string;
        };
      }[];
      packing_lists?: {
        label?: string;
        body?: string;
      }[];
      images?: {
        type?: string;
        file?: {
          url?: string;
          mime_type?: string;
        };
      }[];
      valid_during_ranges?: {
        start_date?: components['schemas']['Date'] | null;
        end_date?: components['schemas']['Date'] | null;
      }[];
      days?: {
        id: string;
        day?: number;
        label?: string;
        summary?: string;
        description?: string;
        instructions?: string | null;
        start_location?: {
          name?: string;
        };
        end_location?: {
          name?: string;
        };
        meals?: {
          type?: string;
          description?: string | null;
        }[];
        components?: components['schemas']['Component'][];
        optional_activities?: {
          activity_dossier?: {
            id: string;
            name?: string;
          };
        }[];
      }[];
      variations?: {
        id: string;
        variation_id?: string;
        href: string;
        valid_during_ranges?: {
          start_date?: components['schemas']['Date'] | null;
          end_date?: components['schemas']['Date'] | null;
        }[];
      }[];
      site_links?: {
        type?: string;
        href: string;
      }[];
      state?: string;
      ripple_score?: {
        score?: number;
        start_date?: components['schemas']['Date'];
        end_date?: components['schemas']['Date'];
      };
      variation_id?: string;
      /** @description Operator client member; optional. */
      publish_state?: unknown;
      /** @description Operator client member; optional. */
      name?: unknown;
      /** @description Operator client member; optional. */
      media?: unknown;
      /** @description Operator client member; optional. */
      highlights?: unknown;
    };
    Override: {
      id: string;
      href: string;
      booking: components['schemas']['Reference'];
      customer: components['schemas']['CustomerReference'];
      services: components['schemas']['Reference'][];
      reason: {
        id?: string;
        href?: string;
        label?: string;
        code: string;
      };
      requirement: {
        code: string;
        /** @description The requirement's name; not in the spec (§2.6 shows only code). */
        name?: string | null;
      };
      date_created: components['schemas']['DateTime'];
    };
    /** @description Spec §2.6: the reason object (id, href, label, code). */
    OverrideReason: {
      id: string;
      href: string;
      code: string;
      label: string;
    };
    /** @description Spec §2.2: fields not shown; the sandbox's choice (docs/sandbox.md). */
    Payment: {
      id: string;
      href: string;
      booking: components['schemas']['Reference'];
      amount: components['schemas']['Decimal'];
      currency: string;
      date_created: components['schemas']['DateTime'];
      status: string;
      reason: string | null;
      allocation?: {
        confirmed: {
          id: string;
          href: string;
          type: string;
          name: string;
          status: string;
          amount: components['schemas']['Decimal'];
        }[];
        waiting: {
          id: string;
          href: string;
          type: string;
          name: string;
          status: string;
          amount: components['schemas']['Decimal'];
          /** @description The payment that would confirm it now; null when none can. */
          payment_to_confirm: components['schemas']['Decimal'] | null;
          reason: string;
        }[];
        free_amount: components['schemas']['Decimal'];
      };
      payment_link?: {
        id: string;
        href: string;
        booking: components['schemas']['Reference'];
        amount: components['schemas']['Decimal'];
        currency: string;
        status: string;
        url: string;
        date_created: components['schemas']['DateTime'];
        date_closed: components['schemas']['DateTime'];
        payment: components['schemas']['Reference'];
      };
      /** @description Operator client member; optional. */
      transaction_type?: unknown;
      /** @description Operator client member; optional. */
      date_last_modified?: unknown;
    };
    /** @description Spec §2.2: fields not shown; the sandbox's choice (docs/sandbox.md). */
    PaymentLink: {
      id: string;
      href: string;
      booking: components['schemas']['Reference'];
      amount: components['schemas']['Decimal'];
      currency: string;
      status: string;
      url: string;
      date_created: components['schemas']['DateTime'];
      date_closed: components['schemas']['DateTime'] | null;
      payment: components['schemas']['Reference'] | null;
    };
    Promotion: {
      id: string;
      href: string;
      name: string;
      promotion_code: string;
      discount_amount: unknown;
      discount_percent: number;
      commission_rate: number;
      terms_and_conditions: string;
      currencies: string[];
      room_codes: string[];
      min_travellers: number;
      flags: unknown[];
      sale_start_date: components['schemas']['Date'];
      sale_finish_date: components['schemas']['Date'] | null;
      booking_companies: components['schemas']['Reference'][];
      date_created: components['schemas']['DateTime'];
      date_last_modified: components['schemas']['DateTime'];
      /** @description Operator client member; optional. */
      product_start_date?: unknown;
      /** @description Operator client member; optional. */
      product_finish_date?: unknown;
      /** @description Operator client member; optional. */
      products?: unknown;
    };
    /** @description Spec §2.2: fields not shown; the sandbox's choice (docs/sandbox.md). */
    Refund: {
      id: string;
      href: string;
      booking: components['schemas']['Reference'];
      amount: components['schemas']['Decimal'];
      currency: string;
      date_created: components['schemas']['DateTime'];
      status: string;
      reason: string | null;
      /** @description The cancelled service the refund comes from. */
      service: components['schemas']['Reference'] | null;
      /** @description Operator client member; optional. */
      transaction_type?: unknown;
      /** @description Operator client member; optional. */
      date_last_modified?: unknown;
    };
    Removed: {
      removed: number;
    };
    /** @description Fields of requirement records: not shown in the spec; the sandbox lists none yet. */
    Requirement: Record<string, never>;
    /** @description The answer the change would give (a payment, a flex plan service…), with no id kept. */
    SandboxPreview: {
      /** @constant */
      preview: true;
      id?: null;
      href?: null;
    };
    /** @description Nothing is needed; a body, if sent, is ignored. */
    SandboxPreviewBody: Record<string, never>;
    SandboxQuote: {
      departure: components['schemas']['Reference'];
      currency: string;
      travellers: number;
      /** @description The status a new departure service would start in; null when the departure cannot be booked. */
      status?: string | null;
      purchase_price: components['schemas']['Decimal'];
      deposit_amount: components['schemas']['Decimal'];
      applied_promotion?: {
        promotion_code: string;
        discount_amount: components['schemas']['Decimal'];
      } | null;
    };
    SandboxClock: {
      now: components['schemas']['DateTime'];
      offset_ms: number;
      epoch: components['schemas']['DateTime'];
      /** @description What a move of the clock changed, in order (trek's choice, docs/sandbox.md); only in the answer to a move. */
      changes?: {
        /** @enum {string} */
        type: 'service_status' | 'service_repriced' | 'final_payment_taken' | 'payment_settled';
        /** @description The service whose status changed or that was repriced. */
        service?: {
          type?: components['schemas']['ServiceType'];
          name?: string | null;
        } & components['schemas']['Reference'];
        booking: components['schemas']['Reference'];
        from?: components['schemas']['ServiceStatus'];
        to?: components['schemas']['ServiceStatus'];
        amount?: components['schemas']['Decimal'];
        currency?: string;
        purchase_price?: components['schemas']['Decimal'];
      }[];
    };
    SandboxKey: {
      key: string;
      agent_id: string;
      agent_name: string;
      agency_id: string;
      agency_name: string;
      note: string;
    };
    SandboxReset: {
      seed: number;
      size: number;
      epoch: components['schemas']['DateTime'];
      now: components['schemas']['DateTime'];
    };
    SandboxWhoami: {
      agent: components['schemas']['Reference'];
      agency: components['schemas']['Reference'];
    };
    AssociatedService: {
      id: string;
      href: string;
      type?: string;
    };
    IncompleteRequirement: {
      type?: string;
      name?: string;
      code?: string;
      requirement_set?: string | null;
      message?: string;
      flags?: string[];
      details?: {
        summary?: string;
        description?: string;
        detail_type?: {
          code?: string;
        };
      }[];
      customer?: components['schemas']['CustomerReference'];
    };
    /** @description Sandbox adds this member (see docs/sandbox.md). */
    PaymentToConfirm: {
      amount: components['schemas']['Decimal'];
      taken_first: {
        id: string;
        href: string;
        type?: string;
        name?: string;
        amount: components['schemas']['Decimal'];
      }[];
    };
    ServiceDocument: {
      id?: string;
      href?: string;
      date_created?: components['schemas']['DateTime'];
      /** @enum {string} */
      type?: 'INVOICE' | 'ATOL_CERTIFICATE' | 'VOUCHER';
      /** @enum {string} */
      audience?: 'AGENT' | 'CUSTOMER';
      booking?: components['schemas']['Reference'];
      mime_type?: string;
    };
    ServiceSummary: {
      id: string;
      href: string;
      name?: string | null;
      status: components['schemas']['ServiceStatus'];
      status_transitions?: components['schemas']['ServiceStatus'][];
      type: components['schemas']['ServiceType'];
      sub_type?: string;
      start_date?: components['schemas']['Date'] | null;
      finish_date?: components['schemas']['Date'] | null;
      customers?: components['schemas']['CustomerReference'][];
    };
    /** @description Fields not shown in the spec: the operator client's names where it has them, else the sandbox's choice. */
    State: {
      id: string;
      name: string;
      href: string;
      country: components['schemas']['Reference'];
    };
    TourDossier: {
      id: string;
      href: string;
      name?: string;
      product_line?: string;
      description?: string;
      departures_start_date?: components['schemas']['Date'] | null;
      departures_end_date?: components['schemas']['Date'] | null;
      geography?: {
        start_city?: components['schemas']['PlaceReference'];
        finish_city?: components['schemas']['PlaceReference'];
        primary_country?: components['schemas']['PlaceReference'];
        visited_countries?: unknown[];
      };
      itineraries?: components['schemas']['Reference'][];
      structured_itineraries?: {
        id: string;
        href: string;
        variation_id?: string | null;
      }[];
      valid_during_ranges?: {
        start_date?: components['schemas']['Date'] | null;
        end_date?: components['schemas']['Date'] | null;
        itinerary?: components['schemas']['Reference'];
      }[];
      departures?: components['schemas']['Link'];
      date_created?: components['schemas']['DateTime'];
      /** @description Operator client member; optional. */
      categories?: unknown;
      /** @description Operator client member; optional. */
      details?: unknown;
      /** @description Operator client member; optional. */
      images?: unknown;
      /** @description Operator client member; optional. */
      site_links?: unknown;
      /** @description Operator client member; optional. */
      slug?: unknown;
      /** @description Operator client member; optional. */
      advertised_departures?: unknown;
      /** @description Operator client member; optional. */
      booking_companies?: unknown;
      /** @description Operator client member; optional. */
      relationships?: unknown;
      /** @description Operator client member; optional. */
      tour?: unknown;
    };
    /** @description Spec §2.2: fields not shown; the sandbox's choice (docs/sandbox.md). */
    TravelCredit: {
      id: string;
      href: string;
      booking: components['schemas']['Reference'];
      amount: components['schemas']['Decimal'];
      currency: string;
      date_created: components['schemas']['DateTime'];
      remaining_amount: components['schemas']['Decimal'];
      issue_date: components['schemas']['Date'];
      booking_window: {
        start_date: components['schemas']['Date'];
        end_date: components['schemas']['Date'];
      };
      travel_window: {
        start_date: components['schemas']['Date'];
        end_date: components['schemas']['Date'];
      };
      booking_window_end: components['schemas']['Date'];
      travel_window_end: components['schemas']['Date'];
      flex_plan_service: components['schemas']['Reference'];
      departure_service: components['schemas']['Reference'];
    };
    WebhookDelivery: {
      id: string;
      href: string;
      subscription: components['schemas']['Reference'];
      events: components['schemas']['WebhookEvent'][];
      status: string;
      attempts: number;
      last_status: number | null;
      last_error: string | null;
      next_attempt: string | null;
      created: string;
      delivered: string | null;
    };
    /** @description A webhook event as the sandbox sends it (spec §6: payload shapes not shown; the sandbox's choice). */
    WebhookEvent: {
      id: string;
      event_type: string;
      resource: string;
      data: components['schemas']['Reference'];
      created: components['schemas']['DateTime'];
    };
    WebhookSubscription: {
      id: string;
      href: string;
      url: string;
      events: string[];
      created: components['schemas']['DateTime'];
      agency: components['schemas']['Reference'];
    };
    WebhookTrigger: {
      events: components['schemas']['WebhookEvent'][];
    };
    BookingCreate: {
      currency: components['schemas']['Currency'];
      external_id?: string | null;
      agency_identifier?: {
        /** @enum {string} */
        field: 'id' | 'transactional_email';
        value: string;
      };
      no_auto_final_payment?: boolean;
    };
    /** @description Booking fields to change (spec §4.2: example external_id); read-only members are ignored. */
    BookingUpdate: {
      external_id?: string | null;
    };
    /** @description The members of spec §2.3 a customer is created with (the body is "not shown"; the sandbox accepts these). Its field paths are the columns of a group manifest, title first as a name reads. */
    CustomerCreate: {
      name: {
        /** @description Mr, Mrs, Ms or Miss; one spec example carries Mx. */
        title: string;
        legal_first_name: string;
        legal_middle_name?: string | null;
        legal_last_name: string;
        common_name?: string | null;
      };
      date_of_birth?: components['schemas']['Date'] | null;
      place_of_birth?: string | null;
      nationality?: string | components['schemas']['ReferenceInput'] | null;
      passport?: {
        number?: string | null;
        issue_date?: components['schemas']['Date'] | null;
        expiry_date?: components['schemas']['Date'] | null;
        place_of_issue?: string | null;
      };
      medical_notes?: string | null;
      meal_preference?: string | null;
      meal_notes?: string | null;
      account_email?: string | null;
      phone_numbers?: components['schemas']['PhoneNumberInput'][];
      emergency_contacts?: {
        first_name?: string | null;
        last_name?: string | null;
        phone_numbers?: components['schemas']['PhoneNumberInput'][];
      };
      address?: components['schemas']['Address'];
    };
    /** @description Customer fields to change (spec: not shown; the sandbox accepts the §2.3 members, nested objects member by member). */
    CustomerUpdate: {
      name?: components['schemas']['CustomerName'];
      date_of_birth?: components['schemas']['Date'] | null;
      place_of_birth?: string | null;
      nationality?: string | components['schemas']['ReferenceInput'] | null;
      passport?: {
        number?: string | null;
        issue_date?: components['schemas']['Date'] | null;
        expiry_date?: components['schemas']['Date'] | null;
        place_of_issue?: string | null;
      };
      medical_notes?: string | null;
      meal_preference?: string | null;
      meal_notes?: string | null;
      account_email?: string | null;
      phone_numbers?: components['schemas']['PhoneNumberInput'][];
      emergency_contacts?: {
        first_name?: string | null;
        last_name?: string | null;
        phone_numbers?: components['schemas']['PhoneNumberInput'][];
      };
      address?: components['schemas']['Address'];
    };
    /** @description A phone number as a client sends it; the type defaults to HOME. */
    PhoneNumberInput: {
      number: string;
      type?: string;
    };
    DepartureServiceCreate: {
      booking: components['schemas']['ReferenceInput'];
      product: components['schemas']['ReferenceInput'];
      customers: components['schemas']['ReferenceInput'][];
      /** @description Trek's choice: the room each traveller takes, by room code. */
      rooms?: {
        code: string;
        customers?: components['schemas']['ReferenceInput'][];
      }[];
    };
    ActivityServiceCreate: {
      booking: components['schemas']['ReferenceInput'];
      product: components['schemas']['ReferenceInput'];
      customers: components['schemas']['ReferenceInput'][];
    };
    FlexPlanServiceCreate: {
      booking: components['schemas']['ReferenceInput'];
      departure_service: components['schemas']['ReferenceInput'];
      product: components['schemas']['ReferenceInput'];
    };
    ServiceStatusUpdate: {
      status: components['schemas']['ServiceStatus'];
    };
    OverrideCreate: {
      booking: components['schemas']['ReferenceInput'];
      customer: components['schemas']['ReferenceInput'];
      services: components['schemas']['ReferenceInput'][];
      reason: {
        code: string;
      };
      requirement: {
        code: string;
      };
    };
    OverrideUpdate: {
      reason: {
        code: string;
      };
    };
    /** @description Spec §4.2: any of first_name, last_name, email, phone_numbers, username. */
    AgentUpdate: {
      first_name?: string;
      last_name?: string;
      email?: string;
      phone_numbers?: {
        number?: string;
        type?: string;
      }[];
      username?: string;
    };
    /** @description Agency fields to change (spec §4.2: address with state and country sent as text). The spec names only the address; the other members are the profile fields an agency keeps up to date itself (trek's choice; the operator's own, such as booking_currencies and the chains, cannot be changed). */
    AgencyUpdate: {
      name?: string;
      preferred_display_name?: string | null;
      transactional_email?: string;
      emails?: {
        type: string;
        address: string;
      }[];
      address?: components['schemas']['Address'];
      latitude?: string | number | null;
      longitude?: string | number | null;
      communication_preferences?: string[];
      passenger_notifications?: string[];
      agent_notifications?: string[];
      abta_number?: string | null;
    };
    SandboxPaymentCreate: {
      booking: components['schemas']['ReferenceInput'];
      amount: components['schemas']['Decimal'];
    };
    /** @description Move the clock forward by a duration (advance: 30d, 12h) or set it to an instant. */
    SandboxClockChange: {
      advance?: string;
      set?: string;
    };
    SandboxAvailabilityChange: {
      status?: components['schemas']['AvailabilityStatus'];
      spaces_remaining?: number;
    };
    SandboxResetRequest: {
      seed?: number;
      size?: number;
      epoch?: string;
    };
    FaultCreate: {
      status?: number | null;
      path?: string;
      method?: string | null;
      count?: number | null;
      rate?: number | null;
      retry_after?: number | null;
      delay_ms?: number | null;
      drop?: boolean;
    };
    WebhookSubscriptionCreate: {
      url: string;
      events?: string[];
      secret?: string;
    };
    WebhookTriggerRequest: {
      event_type: string;
      id: string | number;
    };
  };
  responses: {
    /** @description Spec §7.2 error body, in the format Accept selects. */
    Error: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Error'];
        'application/xml': components['schemas']['Error'];
      };
    };
    /** @description Spec §4.1: moved permanently; the new URL is in Location. */
    Moved: {
      headers: {
        Location?: string;
        [name: string]: unknown;
      };
      content: {
        'application/json': components['schemas']['Moved'];
        'application/xml': components['schemas']['Moved'];
      };
    };
    /** @description The client's copy is current (If-None-Match / If-Modified-Since). */
    NotModified: {
      headers: {
        [name: string]: unknown;
      };
      content?: never;
    };
  };
  parameters: {
    page: number;
    /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
    max_per_page: number;
    /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
    search: {
      [key: string]: string | string[];
    };
  };
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listTourDossiers: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['TourDossier'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['TourDossier'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getTourDossier: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TourDossier'];
          'application/xml': components['schemas']['TourDossier'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listTourDossierDepartures: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Departure'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Departure'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listDepartures: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Departure'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Departure'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getDeparture: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Departure'];
          'application/xml': components['schemas']['Departure'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listActivities: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Activity'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Activity'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getActivity: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Activity'];
          'application/xml': components['schemas']['Activity'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getItinerary: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Itinerary'];
          'application/xml': components['schemas']['Itinerary'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getItineraryVariation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        variation_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Itinerary'];
          'application/xml': components['schemas']['Itinerary'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getStructuredItinerary: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Itinerary'];
          'application/xml': components['schemas']['Itinerary'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getStructuredItineraryVariation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        variation_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Itinerary'];
          'application/xml': components['schemas']['Itinerary'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getFlexPlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlexPlan'];
          'application/xml': components['schemas']['FlexPlan'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getServiceCancellationTerms: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CancellationTerms'];
          'application/xml': components['schemas']['CancellationTerms'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listOverrideReasons: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['OverrideReason'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['OverrideReason'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getOverrideReason: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OverrideReason'];
          'application/xml': components['schemas']['OverrideReason'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getAgencyChain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AgencyChain'];
          'application/xml': components['schemas']['AgencyChain'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getBookingCompany: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BookingCompany'];
          'application/xml': components['schemas']['BookingCompany'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getPromotion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Promotion'];
          'application/xml': components['schemas']['Promotion'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getCountry: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Country'];
          'application/xml': components['schemas']['Country'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getNationality: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Nationality'];
          'application/xml': components['schemas']['Nationality'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getState: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['State'];
          'application/xml': components['schemas']['State'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listBookings: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Booking'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Booking'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  createBooking: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BookingCreate'];
        'application/xml': components['schemas']['BookingCreate'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Booking'];
          'application/xml': components['schemas']['Booking'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getBooking: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Booking'];
          'application/xml': components['schemas']['Booking'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  updateBooking: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BookingUpdate'];
        'application/xml': components['schemas']['BookingUpdate'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Booking'];
          'application/xml': components['schemas']['Booking'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listBookingServices: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['ServiceSummary'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['ServiceSummary'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listBookingInvoices: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Invoice'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Invoice'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listBookingPayments: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Payment'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Payment'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listBookingCheckins: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Checkin'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Checkin'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listBookingRequirements: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Requirement'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Requirement'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listBookingRefunds: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Refund'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Refund'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listBookingDocuments: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Document'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Document'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listBookingOverrides: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OverrideListEnvelope'];
          'application/xml': components['schemas']['OverrideListEnvelope'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listBookingCustomers: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Customer'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Customer'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listBookingTravelCredits: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['TravelCredit'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['TravelCredit'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listBookingPaymentLinks: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['PaymentLink'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['PaymentLink'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listCustomers: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Customer'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Customer'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  createCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CustomerCreate'];
        'application/xml': components['schemas']['CustomerCreate'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Customer'];
          'application/xml': components['schemas']['Customer'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Customer'];
          'application/xml': components['schemas']['Customer'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  updateCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CustomerUpdate'];
        'application/xml': components['schemas']['CustomerUpdate'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Customer'];
          'application/xml': components['schemas']['Customer'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listCustomerBookings: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Reference'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Reference'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  createDepartureService: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DepartureServiceCreate'];
        'application/xml': components['schemas']['DepartureServiceCreate'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DepartureService'];
          'application/xml': components['schemas']['DepartureService'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getDepartureService: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DepartureService'];
          'application/xml': components['schemas']['DepartureService'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  updateDepartureService: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ServiceStatusUpdate'];
        'application/xml': components['schemas']['ServiceStatusUpdate'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DepartureService'];
          'application/xml': components['schemas']['DepartureService'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  createActivityService: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ActivityServiceCreate'];
        'application/xml': components['schemas']['ActivityServiceCreate'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ActivityService'];
          'application/xml': components['schemas']['ActivityService'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getActivityService: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ActivityService'];
          'application/xml': components['schemas']['ActivityService'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  updateActivityService: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ServiceStatusUpdate'];
        'application/xml': components['schemas']['ServiceStatusUpdate'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ActivityService'];
          'application/xml': components['schemas']['ActivityService'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  createFlexPlanService: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['FlexPlanServiceCreate'];
        'application/xml': components['schemas']['FlexPlanServiceCreate'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlexPlanService'];
          'application/xml': components['schemas']['FlexPlanService'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getFlexPlanService: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlexPlanService'];
          'application/xml': components['schemas']['FlexPlanService'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  updateFlexPlanService: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ServiceStatusUpdate'];
        'application/xml': components['schemas']['ServiceStatusUpdate'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlexPlanService'];
          'application/xml': components['schemas']['FlexPlanService'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getFlexPlanAddon: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlexPlanAddon'];
          'application/xml': components['schemas']['FlexPlanAddon'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  createOverride: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OverrideCreate'];
        'application/xml': components['schemas']['OverrideCreate'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Override'];
          'application/xml': components['schemas']['Override'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getOverride: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Override'];
          'application/xml': components['schemas']['Override'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  deleteOverride: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Empty success. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  updateOverride: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OverrideUpdate'];
        'application/xml': components['schemas']['OverrideUpdate'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Override'];
          'application/xml': components['schemas']['Override'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getCheckin: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Checkin'];
          'application/xml': components['schemas']['Checkin'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getAgent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Agent'];
          'application/xml': components['schemas']['Agent'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  updateAgent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AgentUpdate'];
        'application/xml': components['schemas']['AgentUpdate'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Agent'];
          'application/xml': components['schemas']['Agent'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getAgency: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Agency'];
          'application/xml': components['schemas']['Agency'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  updateAgency: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AgencyUpdate'];
        'application/xml': components['schemas']['AgencyUpdate'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Agency'];
          'application/xml': components['schemas']['Agency'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listAgencyAgents: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Agent'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Agent'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listAgencyBookings: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Booking'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Booking'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listAgencyPromotions: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Promotion'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Promotion'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  listAgencyTravelCredits: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['TravelCredit'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['TravelCredit'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getInvoice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Invoice'];
          'application/xml': components['schemas']['Invoice'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getDocument: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Document'];
          'application/xml': components['schemas']['Document'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getDocumentContent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document's bytes. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getPaymentLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaymentLink'];
          'application/xml': components['schemas']['PaymentLink'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getPayment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Payment'];
          'application/xml': components['schemas']['Payment'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getRefund: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Refund'];
          'application/xml': components['schemas']['Refund'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  getTravelCredit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TravelCredit'];
          'application/xml': components['schemas']['TravelCredit'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxCreatePayment: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SandboxPaymentCreate'];
        'application/xml': components['schemas']['SandboxPaymentCreate'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Payment'];
          'application/xml': components['schemas']['Payment'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxGetPayLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaymentLink'];
          'application/xml': components['schemas']['PaymentLink'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxPayLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Payment'];
          'application/xml': components['schemas']['Payment'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxPreviewPayment: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SandboxPaymentCreate'];
        'application/xml': components['schemas']['SandboxPaymentCreate'];
      };
    };
    responses: {
      /** @description What the change would answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxPreview'];
          'application/xml': components['schemas']['SandboxPreview'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxPreviewPayLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['SandboxPreviewBody'];
        'application/xml': components['schemas']['SandboxPreviewBody'];
      };
    };
    responses: {
      /** @description What the change would answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxPreview'];
          'application/xml': components['schemas']['SandboxPreview'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxPreviewFlexPlanService: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['FlexPlanServiceCreate'];
        'application/xml': components['schemas']['FlexPlanServiceCreate'];
      };
    };
    responses: {
      /** @description What the change would answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxPreview'];
          'application/xml': components['schemas']['SandboxPreview'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxQuoteDeparture: {
    parameters: {
      query: {
        travellers: string;
        currency: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxQuote'];
          'application/xml': components['schemas']['SandboxQuote'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxWhoami: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxWhoami'];
          'application/xml': components['schemas']['SandboxWhoami'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxGetClock: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxClock'];
          'application/xml': components['schemas']['SandboxClock'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxMoveClock: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SandboxClockChange'];
        'application/xml': components['schemas']['SandboxClockChange'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxClock'];
          'application/xml': components['schemas']['SandboxClock'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxStaffCancel: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DepartureService'] | components['schemas']['ActivityService'] | components['schemas']['FlexPlanService'];
          'application/xml': components['schemas']['DepartureService'] | components['schemas']['ActivityService'] | components['schemas']['FlexPlanService'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxSetAvailability: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SandboxAvailabilityChange'];
        'application/xml': components['schemas']['SandboxAvailabilityChange'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Departure'];
          'application/xml': components['schemas']['Departure'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SandboxResetRequest'];
        'application/xml': components['schemas']['SandboxResetRequest'];
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SandboxReset'];
          'application/xml': components['schemas']['SandboxReset'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxKeys: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['SandboxKey'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['SandboxKey'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxListFaults: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Fault'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['Fault'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxAddFault: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['FaultCreate'];
        'application/xml': components['schemas']['FaultCreate'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Fault'];
          'application/xml': components['schemas']['Fault'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxClearFaults: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Removed'];
          'application/xml': components['schemas']['Removed'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxGetFault: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Fault'];
          'application/xml': components['schemas']['Fault'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxClearFault: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Removed'];
          'application/xml': components['schemas']['Removed'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxListWebhooks: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['WebhookSubscription'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['WebhookSubscription'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxSubscribe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookSubscriptionCreate'];
        'application/xml': components['schemas']['WebhookSubscriptionCreate'];
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookSubscription'];
          'application/xml': components['schemas']['WebhookSubscription'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxTriggerWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebhookTriggerRequest'];
        'application/xml': components['schemas']['WebhookTriggerRequest'];
      };
    };
    responses: {
      /** @description Accepted */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookTrigger'];
          'application/xml': components['schemas']['WebhookTrigger'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxGetWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookSubscription'];
          'application/xml': components['schemas']['WebhookSubscription'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxDeleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Empty success. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxListDeliveries: {
    parameters: {
      query?: {
        page?: components['parameters']['page'];
        /** @description Spec §8: default 50, 10 to 100; an invalid value gives 400. */
        max_per_page?: components['parameters']['max_per_page'];
        /** @description Spec §4.1: <attribute>=<value> or <attribute>__<operator>=<value> (lt, lte, gt, gte, like, notnull, null, in, phrase); nested attributes with a dot. order_by, order_by__asc, order_by__desc order the list. */
        search?: components['parameters']['search'];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['WebhookDelivery'][];
          };
          'application/xml': components['schemas']['ListEnvelope'] & {
            results?: components['schemas']['WebhookDelivery'][];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxGetDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDelivery'];
          'application/xml': components['schemas']['WebhookDelivery'];
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxResendDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Accepted */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDelivery'];
          'application/xml': components['schemas']['WebhookDelivery'];
        };
      };
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxContractJson: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The contract. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            openapi: string;
            info: Record<string, never>;
            paths: Record<string, never>;
            servers?: {
              url: string;
            }[];
          };
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
  sandboxContractYaml: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The contract. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/yaml': string;
        };
      };
      301: components['responses']['Moved'];
      304: components['responses']['NotModified'];
      '4XX': components['responses']['Error'];
      '5XX': components['responses']['Error'];
    };
  };
}
