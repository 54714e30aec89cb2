"""The closed list of topic kinds (docs/identity.md) as first seeded; curators extend it.

The nouns are what a reader calls a thing of the kind, per language the Answer Engine answers.
They are curated data once seeded: a curator corrects or adds a noun in the admin, and the engine
reads the row, never this module.
"""

from registry.models import Quantity, TopicKind

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
    """Each row of `rows` (slug: fields) a table lacks, added; how many."""
    return sum(model.objects.get_or_create(slug=slug, defaults=fields)[1]
               for slug, fields in rows.items())  # fmt: skip


# What a figure measures, by the words rows and questions call it: seeded, then curated.
QUANTITIES = {
    "cost": ("Cost", {
        "en": "cost costs budget outlay", "es": "coste costo presupuesto",
        "de": "kosten budget", "fr": "coût budget", "pt": "custo orçamento",
        "ja": "費用 予算", "ar": "تكلفة ميزانية"}),
    "workforce": ("Workforce", {
        "en": "workers staff employees workforce headcount", "es": "trabajadores empleados",
        "de": "beschäftigte mitarbeiter", "fr": "salariés employés effectifs",
        "pt": "trabalhadores funcionários", "ja": "従業員", "ar": "عمال موظفين"}),
    "passengers": ("Passengers", {
        "en": "passengers riders ridership travellers travelers", "es": "pasajeros viajeros",
        "de": "fahrgäste passagiere", "fr": "passagers voyageurs", "pt": "passageiros",
        "ja": "乗客", "ar": "ركاب"}),
    "length": ("Length", {
        "en": "length long", "es": "longitud", "de": "länge",
        "fr": "longueur", "pt": "comprimento extensão", "ja": "長さ", "ar": "طول"}),
}  # fmt: skip


def quantities_seed(model=None) -> int:
    """Every seeded quantity a database lacks, added (a curator's is kept); how many."""
    return _seeded(model or Quantity, {
        slug: {"name": name, "words": nouns(words)} for slug, (name, words) in QUANTITIES.items()
    })  # fmt: skip
