// The demo studio in German (issue 24): every text of seed-data.ts that a visitor reads, keyed by the
// English item it translates (apps by slug, posts by their English title, pages by name). The seed
// writes these as published German translations; a post's German address is made from its German title.
import type { DemoHome } from './seed-data';

export interface DemoAppDe {
  title: string;
  tagline: string;
  description: string;
  /** HTML, as the English long description. */
  longDescription: string;
  /** Issue 25: the accessibility note in German (where the English app has one). */
  accessibilityNote?: string;
  /** The app's posts, by their English title. */
  posts: Record<string, { title: string; content: string }>;
}

export const deApps: Record<string, DemoAppDe> = {
  'lantern-drift': {
    title: 'Lantern Drift',
    tagline: 'Ein ruhiges Flussrätsel aus Papierlaternen und Mondlicht',
    description:
      'Lenke Papierlaternen einen mondbeschienenen Fluss hinab, vorbei an Wind, Schilf und Felsen, in 140 ruhigen, handgebauten Rätsellevels.',
    longDescription: `<p>Jeden Abend schickt das Dorf seine Papierlaternen den Fluss hinunter, und jeden Abend gibt sich der Fluss alle Mühe, sie zu behalten. <strong>Lantern Drift</strong> ist ein stilles Rätselspiel darüber, sie nach Hause zu bringen: Lenke die Strömung, öffne und schließe die Schilftore und pass die Windböen ab, damit jede Laterne noch leuchtend den See erreicht.</p>
<h3>Was dich erwartet</h3>
<ul>
<li>140 handgebaute Levels auf sieben Flussabschnitten, von der Weidenbiegung bis zum Laternensee</li>
<li>Keine Timer, keine Leben und keine Werbung: Nimm Züge zurück, so oft du willst</li>
<li>Ein sanfter schwerer Modus für jeden Abschnitt, sobald du ihn geschafft hast</li>
<li>Ein eigener Soundtrack aus Cello, Regen und fernen Windspielen</li>
</ul>
<p>Ein einziger Kauf schaltet das ganze Spiel frei, alle Updates seit dem Start inklusive.</p>`,
    posts: {
      'Lantern Drift 1.0 is out now': {
        title: 'Lantern Drift 1.0 ist da',
        content: `<p>Nach vierzehn Monaten voller Prototypen, Spieltests und viel zu vielen Tassen Tee ist <strong>Lantern Drift</strong> endlich für iPhone, iPad und Android erhältlich. Danke an alle, die bei der Beta mitgemacht und uns Notizen, Bildschirmaufnahmen und die eine oder andere sehr höfliche Beschwerde über Level 37 geschickt haben.</p>
<h2>Was drinsteckt</h2>
<ul>
<li>120 handgemachte Levels in vier Kapiteln, vom Schilfmoor bis zum Fest der Hafenlichter</li>
<li>Ein entspannter Modus ohne Timer und mit unbegrenztem Rückgängigmachen</li>
<li>Komplett offline spielbar, ohne Werbung und ohne Energiesystem</li>
<li>Steuerung für Linkshänder, farbenblindenfreundliche Laternen und eine Option für weniger Bewegung</li>
</ul>
<h2>Ein Kauf, der ganze Fluss</h2>
<p>Das erste Kapitel kannst du kostenlos spielen. Danach schaltet ein einziger In-App-Kauf den Rest des Flusses frei, einschließlich aller Kapitel, die wir später noch hinzufügen. Keine Abos und keine Münzen zum Farmen. Wir wollten ein Spiel, das man eine Woche lang liegen lassen kann, ohne dafür bestraft zu werden, wenn man zurückkommt.</p>
<h3>Bekannte Probleme</h3>
<p>Auf einigen älteren Android-Handys flackert die Kapitelkarte, wenn der Energiesparmodus eingeschaltet ist. Die Korrektur ist schon in der Prüfung und sollte in den nächsten Tagen mit Version 1.0.1 kommen. Falls dir sonst etwas auffällt, erreichst du uns am schnellsten über das Kontaktformular auf dieser Website; Jonas liest jede Nachricht.</p>
<blockquote>„Das ist das einzige Spiel, das ich mir im Bett erlaube.“ Eine unserer Betatesterinnen, und wir versprechen, dass wir sie dafür nicht bezahlt haben.</blockquote>
<p>Viel Spaß beim Treibenlassen, und danke fürs Spielen.</p>`,
      },
      'Behind the glow: how we lit Lantern Drift': {
        title: 'Hinter dem Leuchten: So haben wir Lantern Drift beleuchtet',
        content: `<p>Die Frage, die uns zu <strong>Lantern Drift</strong> am häufigsten gestellt wird, lautet ungefähr so: „Wie kann das auf meinem alten Handy so leuchten?“ Hier also ein Blick hinter das Papier.</p>
<h2>Die richtige Laterne finden</h2>
<p>Priya hat Dutzende Laternen skizziert, bevor wir auch nur eine Zeile Code geschrieben haben. Vier kamen in die engere Wahl, zu sehen im ersten Bild. Auf dem Papier war die Seidenlaterne der Liebling aller, aber auf OLED-Bildschirmen mit niedriger Helligkeit wurde sie fast schwarz. Gewonnen hat die runde Festlaterne, weil ihre Silhouette selbst in Daumengröße klar erkennbar bleibt, auch wenn sich sechs davon überlappen.</p>
<h2>Licht vortäuschen mit dem Budget eines Handys</h2>
<p>Echtzeitbeleuchtung kam auf den Handys, die wir unterstützen wollten, nicht infrage. Stattdessen besteht jede Laterne aus zwei weichen, radialen Sprites: einem großen, schwachen Lichthof und einem kleinen, hellen Kern, beide additiv überblendet. Die Spiegelung auf dem Wasser ist dasselbe Sprite, vertikal gestaucht und von einer langsamen Sinuswelle angestoßen. Der ganze Effekt kostet selbst auf unserem langsamsten Testgerät, einem fünf Jahre alten günstigen Android-Handy, deutlich weniger als eine Millisekunde pro Frame.</p>
<h3>Vorher und nachher</h3>
<p>Das zweite Bild vergleicht einen frühen Build mit der fertigen Version. Im frühen Build war alles gleich hell, und die Testspieler wussten schlicht nicht, wohin sie schauen sollten. Wir haben den Himmel um etwa ein Drittel abgedunkelt und warme Farben nur noch für das verwendet, was der Spieler steuert. Sonst haben wir an den Levels nichts geändert, und trotzdem blieben in Kapitel zwei deutlich weniger Spieler hängen.</p>
<p>Für jede Szene halten wir uns heute an drei Regeln:</p>
<ol>
<li>Die wärmste Farbe gehört dem, was der Spieler steuert.</li>
<li>Alles andere so weit abdunkeln, bis die Laternen herausstechen.</li>
<li>Das Ergebnis auf dem dunkelsten Handy prüfen, das du besitzt, nachts, im Bett.</li>
</ol>
<p>Die letzte Regel klingt wie ein Witz. <em>Ist sie aber nicht.</em></p>`,
      },
      'Update 1.2: Willow Bend and a gentler hard mode': {
        title: 'Update 1.2: Die Weidenbiegung und ein sanfterer schwerer Modus',
        content: `<p>Version 1.2 wird ab heute verteilt. Es ist unser bisher größtes Update, mit einem brandneuen Kapitel und einem überarbeiteten schweren Modus, der auf vielen eurer Rückmeldungen beruht.</p>
<h2>Was ist neu</h2>
<ul>
<li><strong>Die Weidenbiegung</strong>, ein Kapitel mit 20 Levels, in denen wiegende Weidenzweige Laternen verdecken und die Strömung auf halber Strecke die Richtung wechselt. Für alle, die das volle Spiel besitzen, ist es kostenlos.</li>
<li>Sturmlaternen zeigen im schweren Modus jetzt kurz ihren Weg an, bevor der Wind auffrischt.</li>
<li>Die Levelkarte zeigt für jedes Level deine Bestzeit und deine Sterne.</li>
<li>Cloud-Spielstände werden zuverlässiger abgeglichen, wenn du zwischen Handy und Tablet wechselst.</li>
</ul>
<h2>Warum wir den schweren Modus entschärft haben</h2>
<p>Der schwere Modus sollte eine Prüfung der Planung sein, in der Praxis war er aber zu einer Prüfung der Reflexe geworden. Unsere anonymen, zusammengefassten Spieldaten zeigten, dass die meisten, die den schweren Modus begonnen hatten, beim ersten Sturmlevel aufhörten und nie zurückkamen. Das ist keine Herausforderung, das ist eine Mauer. Mit der neuen Vorschau musst du jede Böe immer noch planen, aber du musst nicht mehr raten.</p>
<h3>Fehlerbehebungen</h3>
<ul>
<li>Ein seltener Absturz beim Drehen eines iPads auf dem Ergebnisbildschirm ist behoben.</li>
<li>Das Flackern der Kapitelkarte auf einigen Android-Handys mit eingeschaltetem Energiesparmodus ist behoben.</li>
<li>Die Vibrationen sind sanfter und lassen sich jetzt getrennt vom Ton ausschalten.</li>
</ul>
<p>Das Update bekommst du im <a href="https://apps.apple.com/app/lantern-drift/id6478123904">App Store</a> oder bei <a href="https://play.google.com/store/apps/details?id=com.northpaw.lanterndrift">Google Play</a>. Wie immer danke für das Feedback, das es möglich gemacht hat.</p>`,
      },
    },
  },
  'tidepool-tactics': {
    title: 'Tidepool Tactics',
    tagline: 'Rundenbasierte Taktik im Gezeitentümpel, bevor die Flut kommt',
    accessibilityNote:
      'Die Gefechte sind durchgehend rundenbasiert: Nichts bewegt sich, bevor du ziehst, und die Flutwarnung ist zu sehen und zu hören.',
    description:
      'Ein Taktikspiel im Taschenformat, angesiedelt in einem Gezeitentümpel. Führe eine Truppe aus Krabben, Garnelen und Schnecken gegen Seeigel-Räuber an, bevor die Flut zurückkehrt.',
    longDescription: `<p>Es ist Ebbe, und die Seeigel marschieren. Führe eine Truppe aus Einsiedlerkrebsen, Knallkrebsen und sehr sturen Schnecken durch 40 kurze Gefechte, jedes ein kleines Rätsel aus Stellungen, Schneckenhäusern und Strömungen.</p>
<ul>
<li>Gefechte, die in eine Kaffeepause passen: Die meisten dauern drei bis fünf Minuten</li>
<li>Sechs Mitglieder in deiner Truppe mit eigenen Zügen, von der Panzerwand der Krabbe bis zum Knall des Krebses</li>
<li>Eine steigende Flut, die das Spielfeld alle paar Runden verändert</li>
</ul>`,
    posts: {},
  },
  'moss-and-bolt': {
    title: 'Moss & Bolt',
    tagline: 'Ein kleiner Roboter, ein Greifarm und eine Stadt aus Moos',
    description:
      'Ein Puzzle-Platformer über einen kleinen Wartungsroboter, der überwucherte Ruinen erkundet, sich an seinem Greifarm schwingt und lebendiges Moos zum Klettern nutzt.',
    longDescription: `<p><strong>Moss &amp; Bolt</strong> ist ein kurzer Puzzle-Platformer über Bolt, einen Wartungsroboter, der in einer verfallenen Stadt erwacht, die sich die Natur seit ein paar hundert Jahren zurückholt. Lass Moos wachsen, um dich an Wänden und Decken festzuhalten, brenn es mit deiner Stirnlampe wieder weg und schwing dich mit deinem Greifarm von Ruine zu Ruine.</p>
<p>Wir entwickeln das Spiel ganz offen: In den Devlogs liest du, wie es vorangeht.</p>`,
    posts: {
      'Devlog #1: a robot, a lot of moss and one grappling arm': {
        title: 'Devlog #1: ein Roboter, jede Menge Moos und ein Greifarm',
        content: `<p>Willkommen zum ersten Devlog zu <strong>Moss &amp; Bolt</strong>, dem Spiel, an dem wir seit dem Start von Lantern Drift in aller Ruhe bauen. Es ist ein kurzer Puzzle-Platformer über Bolt, einen Wartungsroboter, der in einer verfallenen Stadt erwacht, die sich die Natur seit ein paar hundert Jahren zurückholt.</p>
<h2>Die Grundidee</h2>
<p>Bolt kann nicht besonders hoch springen. Dafür hat Bolt einen Greifarm und ein einfaches Verhältnis zu dem Moos, das alles bedeckt: Moos ist klebrig. Wer darauf läuft, wird langsamer, kann sich dafür aber an bemoosten Wänden und Decken festhalten. Die meisten Rätsel entstehen aus der Entscheidung, auf welchen Flächen du mit einer kleinen Gießkanne Moos wachsen lässt und welche du mit Bolts Stirnlampe freibrennst.</p>
<h2>Immer zuerst auf Papier</h2>
<p>Jedes Level beginnt als Skizze auf Karopapier, so wie der Entwurf für Level 2-3 im Bild oben. Maya zeichnet die Plattformen, Theo ergänzt die Sprungbögen, die unsere Physik tatsächlich schafft, und Priya kritzelt Notizen dazu, wohin der Spieler gerade schauen sollte. Erst wenn ein Level auf dem Papier funktioniert, kommt es als graue Klötze in die Engine.</p>
<h3>Woran wir noch tüfteln</h3>
<ul>
<li>Touch-Steuerung für einen Platformer ist schwierig. Wir testen einen frei schwebenden Stick gegen zwei feste Tasten.</li>
<li>Der Greifarm hakt sich derzeit am nächstgelegenen Punkt ein und erwischt dabei gelegentlich den falschen.</li>
<li>Wir wissen noch nicht, wie lang das Spiel werden soll. Wir schätzen vier bis fünf Stunden.</li>
</ul>
<p>Wir veröffentlichen ungefähr einmal im Monat ein Devlog. Wenn du frühe Versionen testen möchtest, sag über die Kontaktseite Hallo und verrate uns, welches Handy du benutzt.</p>`,
      },
      'Devlog #2: cutting our favourite level': {
        title: 'Devlog #2: Wir streichen unser Lieblingslevel',
        content: `<p>Diesen Monat haben wir das Level gelöscht, das im Team allen am besten gefallen hat. Hier erzählen wir, warum, und was wir daraus gelernt haben.</p>
<h2>Der Uhrturm</h2>
<p>Level 3-4 spielte in einem eingestürzten Uhrturm. Bolt musste auf dem schwingenden Pendel reiten, Moos auf dem Zifferblatt wachsen lassen und einen Greifsprung über die Zahnräder genau abpassen. Es sah wunderbar aus, und wir vier schafften es in etwa neunzig Sekunden.</p>
<p>Unsere erste Gruppe von zwölf Testspielern brauchte im Schnitt elf Minuten. Sieben gaben auf. Schlimmer noch: Als wir fragten, was das Level ihrer Meinung nach von ihnen wollte, erwähnte fast niemand das Moos, und genau darum geht es in dem Spiel.</p>
<blockquote>Wenn ein Level nur für die Leute Sinn ergibt, die es gebaut haben, ist es kein Rätsel. Es ist ein Geheimnis.</blockquote>
<h2>Was wir behalten haben</h2>
<p>Wir haben nicht alles weggeworfen. Das Pendel ist jetzt ein sanftes Tutorial in Welt zwei, in dem du das Timing deines Greifarms lernst, und aus dem bemoosten Zifferblatt wurde ein einzelner, viel kleinerer Raum, in dem die Lösung sichtbar ist, sobald du ihn betrittst. Die Testspieler lösen ihn jetzt in etwa einer Minute und, ganz entscheidend, nennen ihn <em>clever</em> statt <em>unfair</em>.</p>
<h3>Was sonst diesen Monat passiert ist</h3>
<ul>
<li>Die Werkstatt ist drin: Dort rüstest du Bolts Arm, Stiefel und Stirnlampe mit Schrott auf.</li>
<li>Jonas hat neue Schrittgeräusche aufgenommen: Metall auf Stein, Metall auf Moos und Metall auf sehr nassem Moos.</li>
<li>Das Spiel läuft jetzt auf unserem ältesten Testhandy stabil mit 60 Bildern pro Sekunde.</li>
</ul>
<p>Nächstes Mal: das Wasser, und warum du beim Hineinfallen keinen Fortschritt mehr verlierst.</p>`,
      },
    },
  },
  'pocket-orchard': {
    title: 'Pocket Orchard',
    tagline: 'Ein gemütlicher Idle-Obstgarten, der auf dich wartet',
    description:
      'Pflanze Setzlinge, pflege deine Bäume durch die Jahreszeiten und verkaufe deine Ernte auf dem Dorfmarkt. Ein gemütlicher Obstgarten, der bei jedem Besuch ein Stück wächst.',
    longDescription: `<p>Pflanze Setzlinge, gieße und schneide deine Bäume und verkaufe deine Ernte auf dem Samstagsmarkt. <strong>Pocket Orchard</strong> ist ein Idle-Spiel für kurze, gemächliche Besuche: Die Bäume welken nie, während du weg bist, sie warten einfach auf dich.</p>
<ul>
<li>Echte Jahreszeiten: Eine Jahreszeit im Spiel dauert eine echte Woche</li>
<li>Über dreißig Obstsorten, von der Goldbirne bis zur Winterquitte</li>
<li>Keine Werbung zwischen den Ernten; kaufen kannst du nur freiwillige Dekorationen</li>
</ul>`,
    posts: {
      'Pocket Orchard: pre-registration is open': {
        title: 'Pocket Orchard: Die Vorregistrierung ist offen',
        content: `<p>Wir freuen uns sehr, endlich über das Spiel sprechen zu können, das im vergangenen Jahr nebenher bei uns gewachsen ist. <strong>Pocket Orchard</strong> ist ein gemütliches Idle-Spiel, in dem du dich um einen kleinen Obstgarten am Rand eines Dorfes kümmerst. Du pflanzt Setzlinge, gießt und schneidest deine Bäume und verkaufst, was du erntest, auf dem Samstagsmarkt.</p>
<h2>Jetzt bei Google Play vorregistrieren</h2>
<p>Die Vorregistrierung bei <a href="https://play.google.com/store/apps/details?id=com.northpaw.pocketorchard">Google Play</a> ist ab sofort offen. Alle, die sich vorregistrieren, bekommen am ersten Tag den Goldbirnen-Setzling, und wir schicken genau eine Benachrichtigung: am Tag der Veröffentlichung. Die iOS-Version folgt kurz darauf, sobald wir die Cloud-Spielstände fertig getestet haben.</p>
<h2>Was wir erreichen wollen</h2>
<ul>
<li>Kurze Besuche von zwei bis fünf Minuten, die sich trotzdem lohnen</li>
<li>Keine Timer, die dich fürs Wegbleiben bestrafen. Die Bäume warten einfach auf dich.</li>
<li>Keine Werbung zwischen den Ernten. Kaufen kannst du nur freiwillige Dekorationen.</li>
<li>Echte Jahreszeiten: Eine Jahreszeit im Spiel dauert eine echte Woche, sodass sich dein Obstgarten über einen Monat hinweg verändert</li>
</ul>
<h3>Wo du dabei sein kannst</h3>
<p>Priya zeigt jeden Freitag neue Baum- und Obstzeichnungen auf unserem <a href="https://www.instagram.com/pocketorchardgame">Instagram</a>, auch ein paar Sorten, die es nicht ins Spiel geschafft haben. Kurz vor dem Start erscheint hier außerdem ein Devlog darüber, wie die Marktwirtschaft funktioniert und warum wir die ersten beiden Versionen davon weggeworfen haben.</p>`,
      },
      "Designing seasons that don't punish you for having a life": {
        title: 'Jahreszeiten, die dich nicht dafür bestrafen, dass du ein Leben hast',
        content: `<p>Die meisten Idle-Spiele sind um eine einzige Frage herum gebaut: Wie bringen wir die Spieler dazu, die App noch einmal zu öffnen? Bei <strong>Pocket Orchard</strong> haben wir uns immer wieder eine andere gestellt: Was passiert, wenn jemand eine Weile nicht zurückkommt?</p>
<h2>Das Problem mit dem Welken</h2>
<p>In unserem ersten Prototyp welkten die Bäume, wenn man sie einen Tag lang nicht goss. Das funktionierte, insofern die Leute das Spiel öfter öffneten. Es gab ihnen aber auch ein schlechtes Gewissen, und zwei unserer Testspieler haben es nach einer vollen Arbeitswoche stillschweigend gelöscht. Ein Spiel über einen friedlichen Obstgarten sollte sich nicht wie eine To-do-Liste anfühlen.</p>
<h2>So funktionieren die Jahreszeiten jetzt</h2>
<ul>
<li>Bäume sterben nie und verlieren nie Fortschritt. Ungegossene Bäume wachsen einfach langsamer.</li>
<li>Obst, das am Ast bleibt, ist nicht verschwendet. Ein Teil fällt herunter und wird zu Kompost für die nächste Saison.</li>
<li>Jede Jahreszeit dauert eine echte Woche, ein verpasster Tag kostet dich also ein wenig, nie viel.</li>
<li>Wer nach einer langen Pause zurückkommt, wird mit einer kurzen Zusammenfassung begrüßt, was in der Zwischenzeit gewachsen ist.</li>
</ul>
<h3>Was wir stattdessen messen</h3>
<p>Statt zu zählen, wie oft am Tag jemand das Spiel öffnet, schauen wir, wie viele Spieler nach vier Wochen noch vorbeikommen und wie sie das Spiel in den Spieltests beschreiben. „Entspannend“ ist das Wort, das wir hören wollen. „Stressig“ heißt, dass wir irgendwo falsch abgebogen sind.</p>
<p><em>Entwurf: Maya ergänzt vor der Veröffentlichung die Zahlen zur Vier-Wochen-Bindung aus der zweiten Beta und einen Screenshot der Willkommen-zurück-Zusammenfassung.</em></p>`,
      },
    },
  },
  brightlist: {
    title: 'Brightlist',
    tagline: 'Ein Gewohnheitstracker, der dir nie ein schlechtes Gewissen macht',
    description:
      'Ein sanfter Gewohnheitstracker fürs Web. Hake tägliche Gewohnheiten ab, sieh deinen Serien beim Wachsen zu und erhalte ehrliche Wochenauswertungen, ohne Werbung und ohne Schuldgefühle.',
    longDescription: `<p>Hake deine täglichen Gewohnheiten ab, sieh deinen Serien beim Wachsen zu und lies jeden Sonntag eine ehrliche Zusammenfassung. <strong>Brightlist</strong> läuft in jedem Browser, behält deine Daten auf deinem Gerät und ist Open Source.</p>
<ul>
<li>Gewohnheiten, die Wochenenden, Feiertage oder jeden Tag deiner Wahl auslassen</li>
<li>Serien, die nicht gleich reißen: Ein verpasster Tag ist eine Pause, kein Neustart</li>
<li>Exportiere jederzeit alles als CSV-Datei</li>
</ul>`,
    posts: {},
  },
  'quiet-hours': {
    title: 'Quiet Hours',
    tagline: 'Tagsüber konzentriert, abends zur Ruhe kommen',
    description:
      'Ein Fokus-Timer und Begleiter für den Feierabend, der beruhigende Klangwelten mischt und sie zur Schlafenszeit sanft ausblendet, damit dein Abend leise endet.',
    longDescription: `<p>Ein Fokus-Timer und ein Begleiter für den Feierabend in einem. <strong>Quiet Hours</strong> mischt beruhigende Klangwelten für konzentriertes Arbeiten und blendet sie zur Schlafenszeit langsam aus, damit dein Abend leise endet und nicht mit einer Benachrichtigung.</p>`,
    posts: {},
  },
};

export const deAbout = {
  title: 'Über Northpaw Studio',
  content: `<p>Northpaw ist ein unabhängiges Studio aus vier Leuten in Bristol, das kleine, durchdachte Spiele und Apps fürs Handy macht. Angefangen haben wir 2021 an einem Küchentisch, mit einer einfachen Regel: Wir machen nur Dinge, die wir auch unseren eigenen Familien guten Gewissens empfehlen würden.</p>
<h2>Unser Anspruch</h2>
<p>Handyspiele müssen nicht schreien. Wir machen Spiele, die deine Zeit und deine Aufmerksamkeit respektieren: keine Energie-Timer, keine manipulativen Angebote und keine Werbung zwischen den Levels. Einfach sorgfältig gemachtes Spielen, das in die ruhigen Lücken eines Tages passt, und Apps, die diese Tage ein wenig gelassener machen.</p>
<h2>Das Team</h2>
<ul>
<li><strong>Maya</strong>, Mitgründerin und Game Director. Sie entwirft die Rätsel und schreibt die meisten Texte, die du in unseren Spielen liest.</li>
<li><strong>Theo</strong>, Mitgründer und leitender Entwickler. Er sorgt dafür, dass alles auf alten wie neuen Handys rund läuft.</li>
<li><strong>Priya</strong>, Grafik und Animation. Jede Laterne, jede Krabbe und jeder bemooste Roboter hat in ihrem Skizzenbuch angefangen.</li>
<li><strong>Jonas</strong>, Sound, Musik und Community. Er beantwortet eure E-Mails und sorgt dafür, dass der Regen richtig klingt.</li>
</ul>
<h2>Wie wir Spiele machen</h2>
<p>Jedes Projekt beginnt als Papierprototyp, bevor es zu Code wird. Wir testen früh und oft mit einer Community von rund zweihundert Spielerinnen und Spielern, probieren alles auf günstigen Handys ebenso wie auf Spitzenmodellen aus und veröffentlichen nur Updates, die ein Spiel wirklich besser machen. Unterwegs teilen wir Devlogs, weil wir selbst so viel von anderen Entwicklern gelernt haben, die offen über ihre Arbeit sprechen.</p>
<p>Du möchtest Hallo sagen, eine Zusammenarbeit vorschlagen oder einen Fehler melden? Nutze die Kontaktseite. Eine oder einer von uns liest jede Nachricht.</p>`,
};

export const dePrivacy = {
  content: `
<p>Diese Datenschutzerklärung beschreibt, wie Northpaw Studio („wir“, „uns“) mit personenbezogenen Daten in unseren Spielen und Apps (Lantern Drift, Tidepool Tactics, Moss &amp; Bolt, Pocket Orchard, Brightlist und Quiet Hours) und auf dieser Website umgeht. Wir erheben so wenig wie möglich, und wir verkaufen deine Daten niemals.</p>
<h2>Welche Daten wir erheben</h2>
<ul>
<li><strong>Nachrichten über das Kontaktformular.</strong> Wenn du das Kontaktformular auf dieser Website nutzt, erhalten wir deinen Namen, deine E-Mail-Adresse und die Nachricht, die du schreibst.</li>
<li><strong>Spiel- und App-Daten.</strong> Fortschritt, Einstellungen und Käufe werden auf deinem Gerät gespeichert. Wenn du Cloud-Spielstände aktivierst, werden sie über Apple iCloud oder Google Play Spiele in deinem eigenen Konto gespeichert.</li>
<li><strong>Brightlist-Konten.</strong> Wenn du ein Brightlist-Konto anlegst, speichern wir deine E-Mail-Adresse und die Gewohnheiten, die du verfolgst, damit sie zwischen deinen Geräten abgeglichen werden können.</li>
<li><strong>Technische Daten.</strong> Unsere Server führen übliche Protokolle (IP-Adresse, Browsertyp und Zeitpunkt der Anfrage) für bis zu 30 Tage, um den Dienst sicher zu halten.</li>
</ul>
<h2>Wofür wir sie verwenden</h2>
<p>Wir verwenden deine Daten nur, um auf deine Nachrichten zu antworten, Funktionen bereitzustellen, die du angefordert hast, Fehler zu beheben und unsere Dienste sicher zu halten. Wir nutzen sie nicht für Werbung und geben sie an niemanden weiter, außer an die Dienstleister, die in unserem Auftrag unsere Website hosten und Käufe in den App-Stores abwickeln.</p>
<h2>Statistiken</h2>
<p>Unsere Spiele erheben anonyme, zusammengefasste Spielstatistiken, etwa welche Levels Spielern schwerfallen, damit wir sie verbessern können. Diese Statistiken sind nicht mit deinem Namen, deiner E-Mail-Adresse oder Werbe-IDs verknüpft, und du kannst sie in den Einstellungen jedes Spiels jederzeit abschalten. Diese Website verwendet keine Werbe- oder Tracking-Cookies.</p>
<h2>Kinder</h2>
<p>Unsere Spiele sind für alle Altersgruppen geeignet. Wir erheben nicht wissentlich personenbezogene Daten von Kindern unter 13 Jahren. Wenn du glaubst, dass ein Kind uns über das Kontaktformular personenbezogene Daten geschickt hat, melde dich bitte bei uns, und wir löschen sie.</p>
<h2>Deine Rechte</h2>
<p>Je nachdem, wo du lebst, unter anderem im Vereinigten Königreich und in der EU, hast du das Recht auf Auskunft, Berichtigung, Übertragung und Löschung der personenbezogenen Daten, die wir über dich gespeichert haben, und das Recht, der Verwendung zu widersprechen. Außerdem kannst du dich bei deiner zuständigen Datenschutzaufsichtsbehörde beschweren. Wir beantworten jede Anfrage innerhalb von 30 Tagen.</p>
<h2>Kontakt</h2>
<p>Wenn du Fragen zu dieser Erklärung oder zu deinen Daten hast, schreib uns an <a href="mailto:hello@northpaw.studio">hello@northpaw.studio</a>.</p>`,
};

export const deContact = { location: 'Bristol, Vereinigtes Königreich' };

/** The home page's German texts (the hero title falls back to the studio's name as in English). */
export const deHome: DemoHome = {
  heroTitle: 'Kleine Spiele, mit Sorgfalt gemacht',
  heroSubtitle: 'Northpaw ist ein unabhängiges Studio, das gemütliche Handyspiele und durchdachte kleine Apps macht.',
  heroContent:
    'Wir sind ein Team aus vier Leuten in Bristol und bauen Spiele, die deine Zeit respektieren, ohne Energie-Timer und ohne Werbung zwischen den Levels. Schau dir an, was wir schon veröffentlicht haben und was in der Werkstatt noch wächst.',
  introTitle: '',
  introContent: '',
  featuredAppTitle: 'Ausgewählte Spiele',
  ctaText: 'Unsere Spiele entdecken',
};

/** Support and account deletion texts of the demo apps that have them, by the app's slug. */
export const deAppPages: Record<
  string,
  { deletionDeleted: string; deletionKept: string; supportIntro: string; faq: { question: string; answer: string }[] }
> = {
  'lantern-drift': {
    deletionDeleted:
      '<ul><li>Dein Spielerprofil, dein Name und dein Avatar</li><li>Deine gespeicherten Reisen und Cloud-Spielstände</li><li>Deine Freundesliste und deine Bestenlisten-Punkte</li></ul>',
    deletionKept:
      '<p>Belege über In-App-Käufe bewahren wir <strong>7 Jahre</strong> lang auf, weil das Steuerrecht es verlangt. Sie enthalten das Datum, den Artikel und den Betrag, nicht deine Spielstände.</p><p>Absturzberichte sind anonym und werden nach <strong>90 Tagen</strong> gelöscht.</p>',
    supportIntro:
      '<p>Auf dem Fluss verirrt? Die meisten Antworten findest du unten. Wenn deine nicht dabei ist, schreib uns: Wir antworten innerhalb von zwei Werktagen.</p>',
    faq: [
      {
        question: 'Wie nehme ich meine Reisen auf ein neues Handy mit?',
        answer:
          'Öffne auf deinem alten Handy Einstellungen › Cloud-Spielstand und melde dich an. Melde dich auf dem neuen Handy mit demselben Konto an, und deine Reisen kommen mit.',
      },
      {
        question: 'Ich habe das Leuchtturm-Paket gekauft, aber es ist nicht da.',
        answer:
          'Öffne den Shop und tippe auf Käufe wiederherstellen. Fehlt es dann immer noch, schick uns per E-Mail die Bestellnummer aus deinem Store-Beleg.',
      },
      {
        question: 'Funktioniert Lantern Drift auch offline?',
        answer:
          'Ja. Nur Bestenlisten und Cloud-Spielstände brauchen eine Verbindung; sie holen alles nach, sobald du wieder online bist.',
      },
    ],
  },
  brightlist: {
    deletionDeleted: '<p>Dein Konto, jede Liste und jede Aufgabe sowie dein Synchronisierungsverlauf.</p>',
    deletionKept:
      '<p>Nichts, außer Sicherungskopien, die innerhalb von <strong>14 Tagen</strong> überschrieben werden.</p>',
    supportIntro: '<p>Fragen zu Brightlist? Hier geht es los.</p>',
    faq: [
      {
        question: 'Kann ich eine Liste mit jemandem teilen?',
        answer:
          'Ja: Öffne die Liste, tippe auf Teilen und schick den Link. Sobald die andere Person annimmt, kann sie die Liste bearbeiten.',
      },
      {
        question: 'Wo werden meine Daten gespeichert?',
        answer: 'Auf deinem Gerät und, wenn die Synchronisierung eingeschaltet ist, in der EU.',
      },
    ],
  },
};

/** The studio's press kit in German (issue 24): its words; facts, links, media and names are shared. */
export const deStudioPressKit = {
  basedIn: 'Tallinn, Estland',
  description:
    '<p>Northpaw ist ein vierköpfiges Studio, das ruhige, handgemachte Spiele und kleine, ehrliche Apps fürs Handy entwickelt. Keine Werbung in Bezahlspielen, keine Dark Patterns, und jedes Spiel lässt sich offline spielen.</p>',
  history:
    '<p>Northpaw begann 2019 mit zwei Freunden, die im Nachtzug zwischen Tallinn und Tartu Prototypen für Rätselspiele bauten. <em>Lantern Drift</em>, die erste Veröffentlichung, wuchs von einem Wochenend-Jam-Beitrag zu einem Spiel, das über eine Million Menschen gespielt haben.</p>',
  features: [] as string[],
};

/**
 * Apps' press kits in German, by the app's slug. Every demo app's press page is published in German
 * (the studio's kit links to each); an app with no kit of its own shows its German description.
 */
export const deAppPressKits: Record<
  string,
  { basedIn: string; description: string; history: string; features: string[] }
> = {
  'lantern-drift': {
    basedIn: '',
    description: '',
    history: '',
    features: [
      '140 handgemachte Flussrätsel auf sieben Flussabschnitten',
      'Keine Timer, keine Leben: Jedes Level lässt sich sofort neu versuchen',
      'Ein eigens komponierter Soundtrack, der dem Wasser folgt',
      'Komplett offline spielbar, ohne Werbung',
    ],
  },
};

/** Apps' own privacy policies in German, by the app's slug (the demo translates one). */
export const deAppPrivacy: Record<string, { content: string }> = {
  'lantern-drift': {
    content: `<h2>Wer wir sind</h2>
<p>Lantern Drift wird von unserem Studio entwickelt. Diese Datenschutzerklärung erklärt, was das Spiel beim Spielen erfasst, warum, und was du dagegen tun kannst.</p>
<h2>Dein Konto und deine Spielstände</h2>
<p>Wenn du dich anmeldest, speichern wir deinen Spielernamen, deine Cloud-Spielstände und deine Bestenlisten-Punkte, damit deine Reisen dir auf ein neues Handy folgen. Du kannst auch ohne Konto spielen: Dann bleibt alles auf deinem Gerät.</p>
<h2>Absturzberichte</h2>
<p>Wenn das Spiel abstürzt, sendet es einen anonymen Bericht (Gerätemodell, Systemversion und die Stelle, an der der Code stehen blieb). Berichte werden nach 90 Tagen gelöscht.</p>
<h2>Deine Wahlmöglichkeiten</h2>
<p>Du kannst uns jederzeit über die Seite zur Kontolöschung des Spiels bitten, dein Konto und deine Daten zu löschen.</p>`,
  },
};

/** The studio's own news in German (issue 26), by the English title. */
export const deStudioPosts: Record<string, { title: string; content: string }> = {
  'Five years of Northpaw: what a tiny studio learned': {
    title: 'Fünf Jahre Northpaw: was ein winziges Studio gelernt hat',
    content: `<p>Northpaw begann vor fünf Jahren in einem Gästezimmer in Bristol, mit einem geliehenen Laptop und einem Spiel über eine Laterne auf einem Fluss. Heute sind wir sechs Leute, vier Spiele und ein sehr beschäftigter Wasserkocher.</p>
<h2>Was wir beibehalten</h2>
<ul><li>Wir spielen jeden Build auf dem ältesten Handy, das wir finden können.</li><li>Wir beantworten jede Nachricht selbst, meist innerhalb einer Woche.</li><li>Wir verkaufen nie deine Daten, und unsere Spiele zeigen nie Werbung, die dir folgt.</li></ul>
<h2>Was als Nächstes kommt</h2>
<p>Für Pocket Orchard läuft die Vorregistrierung, und Moss &amp; Bolt ist in der offenen Beta. Wenn du von unseren Spielen hören möchtest, sobald sie erscheinen, und von sonst nichts, trag dich unten auf jeder Seite in den Newsletter des Studios ein. Wir schreiben ein paar Mal im Jahr.</p>`,
  },
};

/** The demo's release notes in German (issue 26), by app slug and version. */
export const deReleases: Record<string, Record<string, string>> = {
  'lantern-drift': {
    '1.2.0':
      'Neu: der Nachtkanal, zwölf Level, die nur die Laternen erhellen, die du trägst.\nBoote gleiten jetzt umeinander herum, statt anzuhalten.\nEin Absturz beim Pausieren während eines Sturms ist behoben.',
    '1.1.0':
      'Fotomodus: blende die Oberfläche aus und rahme den Fluss so, wie du willst.\nFlüssigere Bildrate auf älteren Handys.',
  },
  'tidepool-tactics': {
    '2.0.1':
      'Der Gezeiten-Timer überspringt bei langsamen Verbindungen keinen Zug mehr.\nDeutlichere Farben für farbenblinde Spielerinnen und Spieler.',
    '2.0.0':
      'Ranglisten-Saisons sind da: steig vom Felsentümpel bis zum offenen Ozean auf.\nZwei neue Krabbenkapitäne mit eigenen Fähigkeiten.',
  },
  brightlist: {
    '3.4.0':
      'Listen lassen sich mit der Familie teilen: Alle sehen Änderungen sofort.\nWidgets für den Startbildschirm.',
    '3.3.2': 'Erinnerungen folgen jetzt deiner Zeitzone, wenn du reist.',
  },
};
