// The main window's layout at any scale: what its parts need at least adds up to less than a
// small screen (1280 x 720 at 1.5x is 853 x 480 device-independent pixels), docks restored from
// a layout saved elsewhere keep usable widths, and the window fits the screen it opens on.

#include "ui/mainwindow.h"

#include "ui/appsettings.h"
#include "ui/caselibrarywidget.h"
#include "ui/chatpanel.h"
#include "ui/historypanel.h"
#include "ui/runsqlpanel.h"
#include "ui/schemadock.h"
#include "ui/timelineview.h"

#include <QDockWidget>
#include <QLayout>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

using namespace sqlmend;
using namespace Qt::StringLiterals;

namespace {

// 1280 x 720 at a scale factor of 1.5, less a panel and a title bar.
constexpr int smallScreenWidth = 1280 * 2 / 3;
constexpr int smallScreenHeight = 720 * 2 / 3 - 40;

QString describe(const QWidget *widget)
{
    return u"%1 %2: minimum %3 x %4"_s
            .arg(QString::fromLatin1(widget->metaObject()->className()), widget->objectName())
            .arg(widget->minimumSizeHint().width())
            .arg(widget->minimumSizeHint().height());
}

} // namespace

class TestWindowLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void fitsASmallScreen();
    void casesToolbarFits();
    void narrowDocksAreWidened();
    void viewCasesRaisesTheDock();

private:
    QTemporaryDir m_dir;
};

void TestWindowLayout::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    ui::AppSettings settings = ui::AppSettings::load();
    settings.caseStoreLocation = m_dir.filePath(u"cases.sqlite"_s);
    settings.save();
}

void TestWindowLayout::fitsASmallScreen()
{
    ui::MainWindow window;
    // Every dock open: the cases share the right area with the timeline.
    for (QDockWidget *dock : window.findChildren<QDockWidget *>())
        dock->show();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QSize minimum = window.minimumSizeHint().expandedTo(window.minimumSize());
    QStringList parts;
    for (const QDockWidget *dock : window.findChildren<QDockWidget *>())
        parts << describe(dock);
    parts << describe(window.centralWidget());
    for (int i = 0; i < window.findChild<QTabWidget *>()->count(); ++i)
        parts << describe(window.findChild<QTabWidget *>()->widget(i));
    const QString report = parts.join(u"; "_s);
    qInfo("window minimum %d x %d; %s", minimum.width(), minimum.height(), qPrintable(report));
    QVERIFY2(minimum.width() <= smallScreenWidth, qPrintable(report));
    QVERIFY2(minimum.height() <= smallScreenHeight, qPrintable(report));
}

void TestWindowLayout::casesToolbarFits()
{
    ui::MainWindow window;
    window.show();
    window.findChild<QDockWidget *>(u"casesDock"_s)->show();
    window.findChild<QDockWidget *>(u"casesDock"_s)->raise();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const auto *toolbar = window.caseLibrary()->findChild<QToolBar *>();
    QVERIFY(toolbar);
    // At the dock's default width every action is on the bar, none behind the overflow arrow.
    QCoreApplication::processEvents();
    for (QAction *action : toolbar->actions()) {
        if (action->isSeparator() || !action->isVisible())
            continue;
        const QWidget *button = toolbar->widgetForAction(action);
        QVERIFY2(button && button->isVisible(),
                 qPrintable(u"%1 hidden; the bar is %2 px wide, it needs %3"_s.arg(action->text())
                                    .arg(toolbar->width())
                                    .arg(toolbar->sizeHint().width())));
    }
}

void TestWindowLayout::narrowDocksAreWidened()
{
    {
        // A layout saved with the left docks squeezed to almost nothing.
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.resizeDocks({window.schemaDock()}, {40}, Qt::Horizontal);
        window.close();
    }
    ui::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY2(window.schemaDock()->width()
                         >= window.schemaDock()->fontMetrics().averageCharWidth() * 20,
                 qPrintable(QString::number(window.schemaDock()->width())));
    // And the window fits the screen it is on.
    const QRect available = window.screen()->availableGeometry();
    QVERIFY(window.frameGeometry().width() <= available.width());
    QVERIFY(window.frameGeometry().height() <= available.height());
}

void TestWindowLayout::viewCasesRaisesTheDock()
{
    ui::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *cases = window.findChild<QDockWidget *>(u"casesDock"_s);
    QAction *viewCases = nullptr;
    for (QAction *action : window.findChildren<QAction *>()) {
        if (action->text().remove(u'&') == u"Cases"_s && action->isCheckable())
            viewCases = action;
    }
    QVERIFY(viewCases);
    if (viewCases->isChecked())
        viewCases->trigger(); // hide it first
    QVERIFY(!cases->isVisible());
    viewCases->trigger();
    QTRY_VERIFY(cases->isVisible());
    // On top of the timeline it shares the area with, not behind it.
    QTRY_VERIFY(!cases->visibleRegion().isEmpty());
}

QTEST_MAIN(TestWindowLayout)
#include "tst_windowlayout.moc"
