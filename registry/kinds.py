"""The closed list of topic kinds (docs/identity.md) as first seeded; curators extend it.

The nouns are what a reader calls a thing of the kind, per language the Answer Engine answers.
They are curated data once seeded: a curator corrects or adds a noun in the admin, and the engine
reads the row, never this module.
"""

from registry.models import Quantity, Theme, TopicKind

# slug: (name, description, attributes, entity kinds, outcomes)
KINDS = {
    "storm": ("Storm", "A named tropical or winter storm: a hurricane, typhoon or cyclone.",
              ["period", "place"], ["storm"], ["made landfall", "dissipated", "strengthened"]),
    "person": ("Person", "A person, named by what they do.", ["organisation"], ["person"],
               ["elected", "appointed", "resigned"]),
    "organisation": ("Organisation", "A public body, institution or association: a central "
                     "bank, an agency, a court, a party.", ["place"], ["organization"],
                     ["decided", "ruled", "announced"]),
    "company": ("Company", "A business: a firm, a start-up, a maker, an airline.", ["place"],
                ["company"], ["raised", "listed", "acquired"]),
    "product": ("Product or model", "A product, a model of one, or a drug: told from its "
                "siblings by its number or model.", ["edition", "organisation"], [],
                ["released", "approved", "recalled"]),
    "mission": ("Mission", "A space or research mission, flight or expedition.",
                ["edition", "organisation", "period"], [], ["launched", "landed", "returned"]),
    "election": ("Election", "An election, referendum or vote, for a place and a year.",
                 ["place", "period"], [], ["won", "elected", "held"]),
    "agreement": ("Agreement", "A deal, treaty, accord or ceasefire between parties.",
                  ["place", "period", "organisation"], [], ["signed", "ratified", "collapsed"]),
    "statistical-release": ("Statistical release", "A figure an issuer publishes on a "
                            "schedule: inflation, jobs, output, trade.",
                            ["place", "period", "organisation"], ["indicator"],
                            ["released", "revised"]),
    "policy-decision": ("Policy decision", "A decision a body takes: a rate decision, a ruling, "
                        "an approval, a ban, a quota, an auction.",
                        ["organisation", "period", "place"], [],
                        ["held", "cut", "raised", "approved", "rejected"]),
    "market": ("Market", "A traded market or price: a commodity, a currency, an index.",
               ["place"], [], ["rose above", "fell below"]),
    "place-bound-event": ("Place-bound event", "Something that happens at a place: an "
                          "earthquake, a flood, a strike, a summit, a final.", ["place", "period"],
                          [], ["held", "struck", "ended"]),
    "place": ("Place", "A place itself: a city, a region, a country, an island, a river.",
              ["place"], ["country", "place"], []),
    "animal": ("Animal", "An animal with a name of its own: a racehorse, a zoo's elephant, a "
               "tagged whale.", ["place"], [], ["born", "won", "died"]),
}  # fmt: skip

# Per kind, per language: words split on whitespace, a phrase's words joined by "|".
NOUNS = {
    "storm": {
        "en": "storm hurricane typhoon cyclone tropical|storm tropical|depression",
        "es": "tormenta huracán tifón ciclón", "de": "sturm hurrikan taifun zyklon",
        "fr": "tempête ouragan typhon cyclone", "pt": "tempestade furacão tufão ciclone",
        "ja": "ハリケーン 台風 サイクロン", "ar": "إعصار عاصفة",
    },
    "person": {
        "en": "person man woman singer actor actress musician rapper artist author writer "
              "novelist poet footballer athlete boxer golfer cyclist swimmer sprinter "
              "tennis|player chess|player politician senator prime|minister chief|executive "
              "ceo founder chef comedian painter composer dancer film|director",
        "es": "cantante actor actriz futbolista escritor escritora pintor pintora",
        "de": "sänger sängerin schauspieler schauspielerin fußballer autor autorin",
        "fr": "chanteur chanteuse acteur actrice écrivain footballeur",
        "pt": "cantor cantora ator atriz jogador escritor escritora",
        "ja": "歌手 俳優 女優 作家 選手", "ar": "مغني مغنية ممثل ممثلة لاعب كاتب",
    },
    "organisation": {
        "en": "organisation organization agency institution ministry department council "
              "committee regulator commission authority central|bank court parliament assembly "
              "union association federation foundation party university statistics|office "
              "bureau",
        "es": "organismo institución ministerio agencia", "de": "behörde ministerium verband",
        "fr": "organisme ministère agence", "pt": "organização ministério agência",
        "ja": "機関 省 委員会", "ar": "هيئة وزارة",
    },
    "company": {
        "en": "company firm startup start-up corporation maker manufacturer carrier airline "
              "retailer brand lender insurer automaker chipmaker software|company",
        "es": "empresa compañía firma", "de": "unternehmen konzern hersteller firma",
        "fr": "entreprise société fabricant", "pt": "empresa companhia fabricante",
        "ja": "会社 企業 メーカー", "ar": "شركة",
    },
    "product": {
        "en": "product model device phone smartphone handset tablet laptop console chip "
              "processor car vehicle truck aircraft plane jet drone robot app software drug "
              "medicine vaccine",
        "es": "producto modelo teléfono coche fármaco", "de": "produkt modell telefon auto "
        "medikament", "fr": "produit modèle téléphone voiture médicament",
        "pt": "produto modelo telemóvel celular carro remédio", "ja": "製品 機種 モデル",
        "ar": "منتج طراز",
    },
    "mission": {
        "en": "mission launch flight spacecraft probe rocket lander rover orbiter satellite "
              "expedition capsule",
        "es": "misión cohete sonda", "de": "mission rakete sonde", "fr": "mission fusée sonde",
        "pt": "missão foguete sonda", "ja": "ミッション ロケット 探査機", "ar": "مهمة صاروخ",
    },
    "election": {
        "en": "election vote ballot referendum runoff general|election presidential|election "
              "primary",
        "es": "elección elecciones votación referéndum", "de": "wahl abstimmung",
        "fr": "élection scrutin référendum", "pt": "eleição eleições votação",
        "ja": "選挙 投票", "ar": "انتخابات استفتاء",
    },
    "agreement": {
        "en": "agreement deal treaty accord pact ceasefire truce armistice trade|deal peace|deal",
        "es": "acuerdo tratado pacto tregua", "de": "abkommen vertrag waffenstillstand",
        "fr": "accord traité cessez-le-feu", "pt": "acordo tratado trégua",
        "ja": "協定 合意 条約 停戦", "ar": "اتفاق اتفاقية معاهدة هدنة",
    },
    "statistical-release": {
        "en": "release results earnings figures data statistics estimate survey index reading "
              "jobs|report inflation|report trade|data",
        "es": "datos cifras estadística", "de": "daten zahlen statistik",
        "fr": "données chiffres statistique", "pt": "dados números estatística",
        "ja": "統計 指標", "ar": "بيانات إحصاءات",
    },
    "policy-decision": {
        "en": "decision ruling verdict approval ban rule quota budget auction tender "
              "rate|decision policy|decision policy|meeting",
        "es": "decisión fallo", "de": "entscheidung beschluss urteil", "fr": "décision arrêt",
        "pt": "decisão", "ja": "決定 判決", "ar": "قرار",
    },
    "market": {
        "en": "market commodity currency stock|index share|price exchange|rate",
        "es": "mercado divisa", "de": "markt währung", "fr": "marché devise",
        "pt": "mercado moeda", "ja": "市場 相場", "ar": "سوق عملة",
    },
    "place-bound-event": {
        "en": "event earthquake quake flood wildfire fire eruption drought tsunami landslide "
              "outbreak strike season summit festival conference fair expo tournament "
              "championship games cup final world|cup",
        "es": "terremoto inundación incendio sequía cumbre", "de": "erdbeben hochwasser "
        "waldbrand gipfel", "fr": "séisme inondation incendie sécheresse sommet",
        "pt": "sismo enchente incêndio seca cúpula", "ja": "地震 洪水 噴火",
        "ar": "زلزال فيضان حريق قمة",
    },
    "place": {
        "en": "place city town village region province county island river port country "
              "capital district",
        "es": "ciudad pueblo región isla río", "de": "stadt dorf insel fluss",
        "fr": "ville village région île fleuve", "pt": "cidade vila região ilha rio",
        "ja": "都市 町 村 島 川", "ar": "مدينة قرية جزيرة نهر",
    },
    "animal": {
        "en": "animal horse racehorse stallion mare colt filly foal greyhound dog cat elephant "
              "whale dolphin bear lion tiger panda gorilla giraffe rhino",
        "es": "animal caballo yegua potro perro elefante ballena", "de": "tier pferd rennpferd "
        "hund elefant wal", "fr": "animal cheval jument chien éléphant baleine",
        "pt": "animal cavalo égua cão elefante baleia", "ja": "動物 馬 競走馬", "ar": "حيوان حصان",
    },
}  # fmt: skip


def nouns(said: dict[str, str]) -> dict[str, list[str]]:
    return {lang: [noun.replace("|", " ") for noun in text.split()] for lang, text in said.items()}


def kinds_seed(model=None) -> int:
    """Every seeded kind a database lacks, added (one a curator made under its slug is kept);
    how many were added. Run by the migration and by every world's load, since a flushed
    database (a transactional test, `manage.py flush`) has lost the migration's rows."""
    return _seeded(model or TopicKind, {
        slug: {"name": name, "description": description, "attributes": attributes,
               "entity_kinds": entity_kinds, "outcomes": outcomes, "nouns": nouns(NOUNS[slug])}
        for slug, (name, description, attributes, entity_kinds, outcomes) in KINDS.items()
    })  # fmt: skip


def _seeded(model, rows: dict[str, dict]) -> int:
    """Each row of `rows` (slug: fields) a table lacks, added; how many. A migration's model of
    an earlier schema is given the fields it has."""
    known = {f.name for f in model._meta.get_fields()}
    return sum(model.objects.get_or_create(
        slug=slug, defaults={k: v for k, v in fields.items() if k in known})[1]
        for slug, fields in rows.items())  # fmt: skip


# What a figure measures, by the words rows and questions call it: seeded, then curated.
QUANTITIES = {
    # A project's investment is what it costs ("an investment of €9.5 billion" of "how much
    # will the expansion cost").
    "cost": ("Cost", {
        "en": "cost costs budget outlay investment", "es": "coste costo presupuesto inversión",
        "de": "kosten budget investition", "fr": "coût budget investissement",
        "pt": "custo orçamento investimento", "ja": "費用 予算 投資額",
        "ar": "تكلفة ميزانية استثمار"}),
    "revenue": ("Revenue", {
        "en": "revenue revenues turnover", "es": "ingresos facturación", "de": "umsatz",
        "fr": "revenus chiffre|d'affaires", "pt": "receita receitas faturamento",
        "ja": "売上高 売上", "ar": "إيرادات"}),
    "capacity": ("Capacity", {
        "en": "capacity", "es": "capacidad", "de": "kapazität", "fr": "capacité",
        "pt": "capacidade", "ja": "生産能力", "ar": "سعة"}),
    "workforce": ("Workforce", {
        "en": "workers staff employees workforce headcount", "es": "trabajadores empleados",
        "de": "beschäftigte mitarbeiter", "fr": "salariés employés effectifs",
        "pt": "trabalhadores funcionários", "ja": "従業員", "ar": "عمال موظفين"}),
    "passengers": ("Passengers", {
        "en": "passengers riders ridership travellers travelers", "es": "pasajeros viajeros",
        "de": "fahrgäste passagiere", "fr": "passagers voyageurs", "pt": "passageiros",
        "ja": "乗客", "ar": "ركاب"}),
    # A deal's sum, by the verb a row says it with: "acquire for", "will pay", "is worth".
    "deal-value": ("Deal value", {
        "en": "pay pays paid paying acquire acquires acquired acquiring acquisition buy buys "
              "bought purchase purchased takeover worth valued valuing valuation consideration",
        "es": "pagar pagará pagó adquirir adquisición compra valorada", "de": "zahlen zahlt "
        "übernahme kauf kaufpreis bewertet", "fr": "payer paiera acquérir acquisition rachat "
        "valorisé", "pt": "pagar pagará adquirir aquisição compra avaliada",
        "ja": "買収 買収額", "ar": "استحواذ صفقة"}),
    "length": ("Length", {
        "en": "length long", "es": "longitud", "de": "länge",
        "fr": "longueur", "pt": "comprimento extensão", "ja": "長さ", "ar": "طول"}),
    # A central bank's rate by whichever of its names a row uses: the ECB's deposit rate and
    # the federal funds rate are both "interest rates" asked side by side.
    "policy-rate": ("Policy rate", {
        "en": "policy|rate interest|rate interest|rates deposit|rate deposit|facility|rate "
              "benchmark|rate federal|funds|rate base|rate repo|rate key|rate",
        "es": "tipo|de|interés tipos|de|interés tasa|de|interés", "de": "leitzins zinssatz",
        "fr": "taux|directeur taux|d'intérêt", "pt": "taxa|de|juro taxa|de|juros",
        "ja": "政策金利 金利", "ar": "سعر|الفائدة"}),
}  # fmt: skip


# The seeded quantities a deal or a decision sets: "will pay" states them (`Quantity.agreed`).
AGREED = frozenset({"deal-value"})
# A result and a balance, and the words for each gone the other way (`Quantity.opposite_words`):
# "post a loss" of a company whose rows give its net income is a premise corrected.
QUANTITIES.update({
    "profit": ("Profit", {
        "en": "profit profits net|income net|profit earnings", "es": "beneficio beneficios "
        "ganancias", "de": "gewinn nettogewinn", "fr": "bénéfice bénéfices", "pt": "lucro lucros",
        "ja": "利益 純利益", "ar": "أرباح ربح"}),
    "balance": ("Balance", {
        "en": "surplus", "es": "superávit", "de": "überschuss", "fr": "excédent",
        "pt": "superávit excedente", "ja": "黒字", "ar": "فائض"}),
})  # fmt: skip
OPPOSITES = {
    "profit": {"en": "loss losses net|loss", "es": "pérdida pérdidas", "de": "verlust",
               "fr": "perte pertes", "pt": "prejuízo perda", "ja": "損失 赤字", "ar": "خسارة"},
    "balance": {"en": "deficit", "es": "déficit", "de": "defizit", "fr": "déficit",
                "pt": "déficit défice", "ja": "赤字", "ar": "عجز"},
}  # fmt: skip


def quantities_seed(model=None) -> int:
    """Every seeded quantity a database lacks, added (a curator's is kept); how many."""
    return _seeded(model or Quantity, {
        slug: {"name": name, "words": nouns(words), "agreed": slug in AGREED,
               "opposite_words": nouns(OPPOSITES.get(slug, {}))}
        for slug, (name, words) in QUANTITIES.items()
    })  # fmt: skip


# What a question or a topic is about, by the words that name it: an indicator, a kind of
# happening, a domain. Seeded from what the engine once kept as a word list, then curated.
THEMES = {
    "inflation": ("Inflation", {
        "en": "inflation consumer|prices consumer|price|index cpi hicp price|index deflation",
        "es": "inflación", "pt": "inflação", "it": "inflazione",
        "de": "inflationsrate teuerung verbraucherpreise", "ja": "物価 インフレ", "ar": "تضخم"}),
    "jobs": ("Jobs", {
        "en": "unemployment jobless payrolls nonfarm employment jobs|report jobs|data "
              "labour|market labor|market hiring job|growth job|losses",
        "es": "desempleo paro empleo", "de": "arbeitslosigkeit arbeitslosenquote arbeitsmarkt",
        "fr": "chômage emploi", "ja": "失業 雇用", "ar": "بطالة", "pt": "desemprego emprego"}),
    "growth": ("Economic growth", {
        "en": "gdp gross|domestic|product economic|growth recession",
        "es": "pib recesión", "de": "bip wirtschaftswachstum rezession", "fr": "pib récession",
        "ja": "国内総生産", "pt": "pib recessão crescimento|económico crescimento|econômico"}),
    "exports": ("Trade flows", {
        "en": "exports imports export import shipments", "es": "exportaciones importaciones",
        "de": "exporte importe", "fr": "exportations importations", "ja": "輸出",
        "pt": "exportações importações"}),
    "trade-balance": ("Trade balance", {
        "en": "trade|balance trade|deficit trade|surplus current|account",
        "es": "balanza|comercial", "de": "handelsbilanz", "fr": "balance|commerciale",
        "ja": "貿易収支", "pt": "balança|comercial"}),
    "reserves": ("Reserves", {
        "en": "reserves foreign-exchange|reserves foreign|exchange|reserves fx|reserves "
              "gold|reserves", "es": "reservas", "de": "devisenreserven", "fr": "réserves"}),
    "balance-sheet": ("Central bank balance sheet", {
        "en": "balance|sheet bond|purchases bond|buying asset|purchases quantitative|easing "
              "quantitative|tightening"}),
    "money-supply": ("Money and credit", {
        "en": "money|supply bank|lending credit|growth lending"}),
    "financial-stability": ("Financial stability", {
        "en": "financial|stability stability|report systemic|risk"}),
    "productivity": ("Productivity", {
        "en": "productivity", "es": "productividad", "de": "produktivität",
        "fr": "productivité", "pt": "produtividade"}),
    "population": ("Population", {
        "en": "population census birth|rate migration|figures", "es": "población",
        "de": "bevölkerung", "fr": "recensement", "pt": "população recenseamento"}),
    "emissions": ("Emissions and air", {
        "en": "emissions sulphur|dioxide sulfur|dioxide so2 co2 carbon|dioxide gas|emissions "
              "air|quality pollution", "es": "emisiones", "de": "emissionen",
        "fr": "émissions pollution|de|l'air", "pt": "emissões poluição"}),
    "water-quality": ("Water quality", {
        "en": "water|quality contamination contaminated e.|coli bacteria",
        "es": "calidad|del|agua", "de": "wasserqualität", "fr": "qualité|de|l'eau",
        "pt": "qualidade|da|água"}),
    "seismicity": ("Seismicity", {"en": "aftershock aftershocks seismicity tremors"}),
    "recall": ("Recall", {
        "en": "recall recalls", "es": "retirada", "de": "rückruf", "fr": "rappel",
        "pt": "recolha"}),
    "layoffs": ("Layoffs", {
        "en": "layoffs job|cuts redundancies", "es": "despidos", "de": "entlassungen",
        "fr": "licenciements", "pt": "despedimentos demissões"}),
    "lawsuit": ("Lawsuit", {
        "en": "lawsuit lawsuits class|action", "es": "demanda", "de": "klage",
        "pt": "ação|judicial"}),
    "breach": ("Breach", {
        "en": "data|breach hack hacked cyberattack ransomware breach", "es": "ciberataque",
        "de": "hackerangriff", "fr": "cyberattaque",
        "pt": "ataque|informático violação|de|dados"}),
    "transfer": ("Transfer", {
        "en": "transfer transfers signing", "es": "fichaje", "fr": "transfert",
        "pt": "transferência"}),
    "injury": ("Injury", {
        "en": "injury injuries injured", "es": "lesión", "de": "verletzung", "fr": "blessure",
        "pt": "lesão"}),
    "tickets": ("Tickets", {
        "en": "tickets ticket|prices", "es": "entradas", "de": "eintrittskarten",
        "fr": "billets", "pt": "bilhetes ingressos"}),
    "ratings": ("Credit rating", {
        "en": "credit|rating rating downgrade upgrade", "es": "calificación",
        "pt": "notação|de|crédito"}),
    "prices-energy": ("Energy prices", {
        "en": "electricity|prices energy|prices fuel|prices gas|prices power|prices "
              "petrol|prices"}),
    "tax": ("Tax", {
        "en": "tax taxes council|tax income|tax vat", "es": "impuestos",
        "de": "steuer steuern", "fr": "impôt impôts", "pt": "imposto impostos"}),
    "visitors": ("Visitors", {"en": "visitor|numbers visitors attendance footfall"}),
    "tariffs": ("Tariffs", {
        "en": "tariff tariffs customs|duties", "es": "aranceles", "de": "zölle",
        "fr": "droits|de|douane", "pt": "direitos|aduaneiros"}),
    "retail": ("Retail", {
        "en": "retail|sales consumer|spending", "es": "ventas|minoristas", "de": "einzelhandel",
        "pt": "vendas|a|retalho vendas|no|varejo"}),
    "industry": ("Industry", {
        "en": "industrial|production factory|output manufacturing pmi purchasing|managers",
        "es": "producción|industrial", "de": "industrieproduktion",
        "pt": "produção|industrial"}),
    "housing": ("Housing", {
        "en": "housing home|sales house|prices housing|starts mortgage mortgages rents",
        "es": "vivienda", "fr": "immobilier", "de": "wohnungsmarkt",
        "pt": "habitação imobiliário"}),
    "sentiment": ("Sentiment and surveys", {
        "en": "consumer|confidence business|confidence sentiment survey surveys",
        "es": "encuesta", "de": "umfrage", "fr": "enquête sondage", "pt": "inquérito sondagem"}),
    "wages": ("Wages", {
        "en": "wages wage|growth pay|growth salaries", "es": "salarios", "de": "löhne",
        "fr": "salaires", "pt": "salários"}),
    "fiscal": ("Public finances", {
        "en": "budget deficit public|debt government|debt", "es": "presupuesto déficit",
        "de": "haushalt", "fr": "budget|de|l'état", "pt": "orçamento défice déficit"}),
    "yields": ("Bond yields", {
        "en": "bond|yields treasury|yields yields gilts bond|market"}),
    "currency": ("Currency", {
        "en": "exchange|rate currency devaluation", "es": "tipo|de|cambio",
        "de": "wechselkurs", "fr": "taux|de|change", "pt": "taxa|de|câmbio câmbio"}),
    "rates": ("Interest rates", {
        "en": "interest|rate interest|rates policy|rate deposit|rate benchmark|rate base|rate "
              "repo|rate federal|funds funds|rate rate|decision rate|cut rate|cuts rate|hike "
              "rate|hikes borrowing|costs monetary|policy",
        "es": "tipos|de|interés tasas|de|interés tipos", "de": "leitzins zinsen zinssatz",
        "fr": "taux|directeur taux|d'intérêt", "ja": "金利", "ar": "سعر|الفائدة",
        "pt": "taxa|de|juro taxas|de|juro taxa|de|juros taxas|de|juros juros"}),
    "supervision": ("Banking supervision", {
        "en": "supervision supervisory stress|test stress|tests capital|requirements "
              "banking|regulation fees fines"}),
    "election": ("Election", {
        "en": "election elections vote voting ballot runoff turnout electoral",
        "es": "elección elecciones", "de": "wahl wahlen", "fr": "élection élections",
        "ja": "選挙", "ar": "انتخابات", "pt": "eleição eleições votação"}),
    "referendum": ("Referendum", {
        "en": "referendum plebiscite", "es": "referéndum", "de": "volksabstimmung",
        "fr": "référendum", "pt": "referendo"}),
    "conflict": ("Armed conflict", {
        "en": "ceasefire truce peace|talks peace|deal armistice war fighting clashes",
        "es": "alto|el|fuego tregua guerra", "de": "waffenstillstand", "fr": "cessez-le-feu",
        "ja": "停戦", "ar": "وقف|إطلاق|النار", "pt": "cessar-fogo trégua guerra"}),
    "hurricane": ("Hurricane", {
        "en": "hurricane hurricanes", "es": "huracán huracanes", "de": "hurrikan",
        "fr": "ouragan", "ja": "ハリケーン", "ar": "إعصار", "pt": "furacão furacões"}),
    "typhoon": ("Typhoon", {
        "en": "typhoon typhoons", "es": "tifón", "de": "taifun", "fr": "typhon", "ja": "台風",
        "pt": "tufão"}),
    "earthquake": ("Earthquake", {
        "en": "earthquake quake tremor seismic", "es": "terremoto sismo", "de": "erdbeben",
        "fr": "séisme", "ja": "地震", "ar": "زلزال", "pt": "terramoto sismo"}),
    "flood": ("Flood", {
        "en": "flood floods flooding", "es": "inundación inundaciones",
        "de": "überschwemmung hochwasser", "fr": "inondation inondations", "ja": "洪水",
        "pt": "inundação inundações cheias"}),
    "drought": ("Drought", {
        "en": "drought water|rationing", "es": "sequía", "de": "dürre", "fr": "sécheresse",
        "ja": "干ばつ", "ar": "جفاف", "pt": "seca"}),
    "wildfire": ("Wildfire", {
        "en": "wildfire wildfires bushfire forest|fire", "es": "incendio|forestal",
        "de": "waldbrand", "fr": "feu|de|forêt incendie", "ja": "山火事",
        "pt": "incêndio|florestal incêndios|florestais"}),
    "eruption": ("Volcanic eruption", {
        "en": "eruption volcano volcanic ash|cloud", "es": "erupción volcán",
        "de": "vulkan ausbruch", "fr": "éruption volcan", "ja": "噴火 火山",
        "pt": "erupção vulcão"}),
    "strike": ("Strike", {
        "en": "strike strikes walkout industrial|action", "es": "huelga", "de": "streik",
        "fr": "grève", "ja": "ストライキ", "ar": "إضراب", "pt": "greve greves"}),
    "merger": ("Merger or acquisition", {
        "en": "merger acquisition takeover buyout", "es": "fusión adquisición",
        "de": "übernahme", "fr": "rachat", "ja": "買収 合併", "pt": "aquisição"}),
    "funding": ("Funding round", {
        "en": "funding|round funding venture|round", "es": "financiación financiamiento",
        "de": "finanzierungsrunde", "fr": "levée|de|fonds", "ja": "資金調達",
        "pt": "financiamento ronda|de|financiamento rodada|de|investimento"}),
    "listing": ("Stock market listing", {
        "en": "ipo initial|public|offering stock|market|debut", "es": "salida|a|bolsa",
        "de": "börsengang", "fr": "introduction|en|bourse", "ja": "上場",
        "pt": "entrada|em|bolsa oferta|pública|inicial"}),
    "earnings": ("Earnings", {
        "en": "earnings quarterly|results profit profits revenue net|income",
        "es": "beneficios ganancias", "de": "gewinn", "fr": "bénéfice bénéfices",
        "ja": "決算 利益", "pt": "lucro lucros resultados|trimestrais"}),
    "football": ("Football", {
        "en": "football soccer tournament world|cup league", "es": "fútbol", "de": "fußball",
        "ja": "サッカー", "pt": "futebol"}),
    "sanctions": ("Sanctions", {
        "en": "sanctions embargo", "es": "sanciones", "de": "sanktionen", "pt": "sanções"}),
    "protests": ("Protests", {
        "en": "protests protest demonstrations riots", "es": "protestas", "de": "proteste",
        "fr": "manifestations", "pt": "protestos manifestações"}),
    "oil": ("Oil", {
        "en": "oil crude barrels", "es": "petróleo", "fr": "pétrole", "de": "erdöl",
        "ja": "原油", "ar": "نفط", "pt": "petróleo"}),
    "tourism": ("Tourism", {
        "en": "tourism tourists", "es": "turismo", "de": "tourismus", "fr": "tourisme",
        "ja": "観光", "pt": "turismo"}),
    "migration": ("Migration", {
        "en": "migration migrants asylum", "es": "migración migrantes", "de": "migranten",
        "pt": "migração migrantes"}),
    "health": ("Public health", {
        "en": "outbreak epidemic pandemic vaccine vaccines virus", "es": "brote epidemia "
              "pandemia", "de": "impfstoff", "fr": "vaccin", "pt": "surto vacina epidemia "
              "pandemia"}),
    "crypto": ("Crypto-assets", {"en": "bitcoin crypto cryptocurrency stablecoin"}),
    "shares": ("Shares", {
        "en": "stock|market share|price stock|price shares stocks", "es": "acciones",
        "de": "aktien", "fr": "actions"}),
}  # fmt: skip


def themes_seed(model=None) -> int:
    """Every seeded theme a database lacks, added (a curator's is kept); how many."""
    return _seeded(model or Theme, {
        slug: {"name": name, "words": nouns(words)} for slug, (name, words) in THEMES.items()
    })  # fmt: skip
