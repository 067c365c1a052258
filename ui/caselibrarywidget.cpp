#include "ui/caselibrarywidget.h"

#include "core/cases/casestoreservice.h"
#include "core/continuation.h"
#include "core/errors/errorclass.h"
#include "ui/caseimportcommand.h"
#include "ui/caselibrarycommand.h"
#include "ui/caselibrarymodel.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

using core::CaseFilter;
using core::CaseKind;
using core::CaseRecord;
using core::CaseStore;
using core::Result;
using Operation = CaseLibraryEdit::Operation;

namespace {

constexpr int progressSteps = 1000;
// A label lays out all of its text: a pasted 10 MB question must not freeze the window.
constexpr int questionLength = 2000;
// The store's writes come in bursts (a question writes a few rows at once).
constexpr int changeDelayMs = 200;

// A store job's answer, or a Failure when it never came (the store's thread went away).
template<typename T>
Result<T> answerOf(const QFuture<Result<T>> &done)
{
    return core::resultOf(done).value_or(
            Result<T>(core::makeFailure(CaseLibraryWidget::tr("The case store went away."))));
}

} // namespace

CaseLibraryWidget::CaseLibraryWidget(std::shared_ptr<core::CaseStoreService> store, QWidget *parent)
    : QWidget(parent),
      m_store(std::move(store)),
      m_model(new CaseLibraryModel(this)),
      m_undoStack(new QUndoStack(this))
{
    setAccessibleName(tr("Case library"));
    m_searchTimer.setSingleShot(true);
    m_searchTimer.setInterval(searchDelayMs);
    connect(&m_searchTimer, &QTimer::timeout, this, &CaseLibraryWidget::refresh);
    m_changeTimer.setSingleShot(true);
    m_changeTimer.setInterval(changeDelayMs);
    connect(&m_changeTimer, &QTimer::timeout, this, &CaseLibraryWidget::refresh);
    connect(m_store.get(), &core::CaseStoreService::changed, &m_changeTimer,
            qOverload<>(&QTimer::start));

    buildControls();
    buildActions();
    setStatus(tr("Opening the case store…"));
    // From the event loop, so that a store this library opens itself is opened first.
    requestStarted();
    QTimer::singleShot(0, this, [this] {
        requestFinished();
        refresh();
    });
    updateActions();
}

CaseLibraryWidget::CaseLibraryWidget(const QString &storeLocation, QWidget *parent)
    : CaseLibraryWidget(std::make_shared<core::CaseStoreService>(), parent)
{
    // Queued before the first listing (see above), which therefore sees the store open or not.
    requestStarted();
    core::onFinished(m_store->open(storeLocation), this,
                     [this](const QFuture<Result<core::Done>> &done) {
                         requestFinished();
                         const Result<core::Done> opened = answerOf(done);
                         takeStoreState(opened.hasValue(), QString(),
                                        opened ? QString() : opened.error().message);
                     });
}

// Nothing to wait for: answers still on their way are dropped with this object, and the store
// service (shared, or ours and going with us) finishes the jobs already queued.
CaseLibraryWidget::~CaseLibraryWidget() = default;

void CaseLibraryWidget::buildControls()
{
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Search questions and notes"));
    m_search->setObjectName(u"caseSearch"_s);
    m_search->setAccessibleName(tr("Search cases"));
    m_search->setClearButtonEnabled(true);
    connect(m_search, &QLineEdit::textChanged, this, [this] { m_searchTimer.start(); });
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        m_searchTimer.stop();
        refresh();
    });

    m_kindBox = new QComboBox(this);
    m_kindBox->setAccessibleName(tr("Kind filter"));
    m_kindBox->addItem(tr("Good and bad"));
    m_kindBox->addItem(tr("Good"), core::caseKindName(CaseKind::Good));
    m_kindBox->addItem(tr("Bad"), core::caseKindName(CaseKind::Bad));

    m_classBox = new QComboBox(this);
    m_classBox->setAccessibleName(tr("Error class filter"));
    m_classBox->addItem(tr("Any error class"));
    for (const core::ErrorClass errorClass : core::allErrorClasses()) {
        const QString name = core::errorClassName(errorClass);
        m_classBox->addItem(name, name);
    }

    m_datasourceBox = new QComboBox(this);
    m_datasourceBox->setAccessibleName(tr("Datasource filter"));
    m_datasourceBox->addItem(tr("Any datasource"));
    m_datasourceBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);

    m_activeBox = new QComboBox(this);
    m_activeBox->setAccessibleName(tr("Active filter"));
    m_activeBox->addItem(tr("Active and inactive"));
    m_activeBox->addItem(tr("Active"), true);
    m_activeBox->addItem(tr("Inactive"), false);

    for (QComboBox *box : {m_kindBox, m_classBox, m_datasourceBox, m_activeBox})
        connect(box, &QComboBox::currentIndexChanged, this, &CaseLibraryWidget::refresh);

    // The search on a line of its own, the filters below it; each box may narrow (its text
    // elided, the list still whole), so that the dock fits a small window.
    const int narrowest = fontMetrics().averageCharWidth() * 8;
    for (QComboBox *box : {m_kindBox, m_classBox, m_datasourceBox, m_activeBox})
        box->setMinimumWidth(narrowest);
    m_datasourceBox->setMinimumContentsLength(8);
    auto *filters = new QVBoxLayout;
    filters->addWidget(m_search);
    auto *boxes = new QHBoxLayout;
    boxes->addWidget(m_kindBox, 1);
    boxes->addWidget(m_classBox, 1);
    boxes->addWidget(m_datasourceBox, 2);
    boxes->addWidget(m_activeBox, 1);
    filters->addLayout(boxes);

    m_view = new QTableView(this);
    m_view->setObjectName(u"cases"_s);
    m_view->setAccessibleName(tr("Cases"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                m_selectedId = current.isValid() ? m_model->caseAt(current.row()).id : 0;
                showCurrentCase();
            });

    m_question = new QLabel(this);
    m_question->setWordWrap(true);
    m_question->setTextFormat(Qt::PlainText);
    m_question->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_question->setAccessibleName(tr("Question of the case"));

    m_sqlEditor = new QPlainTextEdit(this);
    m_sqlEditor->setObjectName(u"caseSql"_s);
    m_sqlEditor->setAccessibleName(tr("SQL of the case"));
    m_sqlEditor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_applySqlButton = new QPushButton(tr("&Apply SQL"), this);
    m_applySqlButton->setAccessibleName(tr("Apply the edited SQL"));
    connect(m_applySqlButton, &QPushButton::clicked, this,
            [this] { setCurrentSql(m_sqlEditor->toPlainText()); });

    m_notesEditor = new QPlainTextEdit(this);
    m_notesEditor->setObjectName(u"caseNotes"_s);
    m_notesEditor->setAccessibleName(tr("Note on the case"));
    m_notesEditor->setPlaceholderText(tr("Why this case is good or bad"));
    m_saveNotesButton = new QPushButton(tr("Save &note"), this);
    m_saveNotesButton->setAccessibleName(tr("Save the note"));
    connect(m_saveNotesButton, &QPushButton::clicked, this,
            [this] { setCurrentNotes(m_notesEditor->toPlainText()); });

    auto *editor = new QWidget(this);
    auto *editorLayout = new QFormLayout(editor);
    editorLayout->setContentsMargins(0, 0, 0, 0);
    editorLayout->addRow(tr("Question:"), m_question);
    auto *sqlRow = new QVBoxLayout;
    sqlRow->addWidget(m_sqlEditor);
    sqlRow->addWidget(m_applySqlButton, 0, Qt::AlignRight);
    auto *sqlLabel = new QLabel(tr("&SQL:"), editor);
    sqlLabel->setBuddy(m_sqlEditor);
    editorLayout->addRow(sqlLabel, sqlRow);
    auto *notesRow = new QVBoxLayout;
    notesRow->addWidget(m_notesEditor);
    notesRow->addWidget(m_saveNotesButton, 0, Qt::AlignRight);
    auto *notesLabel = new QLabel(tr("N&otes:"), editor);
    notesLabel->setBuddy(m_notesEditor);
    editorLayout->addRow(notesLabel, notesRow);

    // The editor scrolls in a short dock instead of making the window taller than the screen.
    auto *editorScroll = new QScrollArea(this);
    editorScroll->setWidget(editor);
    editorScroll->setWidgetResizable(true);
    editorScroll->setFrameShape(QFrame::NoFrame);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_view);
    splitter->addWidget(editorScroll);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    m_status = new QLabel(this);
    m_status->setAccessibleName(tr("Case library status"));
    m_status->setWordWrap(true);
    m_progress = new QProgressBar(this);
    m_progress->setAccessibleName(tr("Import progress"));
    m_progress->setRange(0, progressSteps);
    m_progress->hide();
    m_report = new QPlainTextEdit(this);
    m_report->setObjectName(u"importReport"_s);
    m_report->setAccessibleName(tr("Import report"));
    m_report->setReadOnly(true);
    m_report->setMaximumHeight(fontMetrics().height() * 8);
    m_report->hide();

    m_count = new QLabel(this);
    m_count->setObjectName(u"caseCount"_s);
    m_count->setAccessibleName(tr("Number of listed cases"));

    auto *statusRow = new QHBoxLayout;
    statusRow->addWidget(m_count);
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_progress);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(filters);
    layout->addWidget(splitter, 1);
    layout->addLayout(statusRow);
    layout->addWidget(m_report);
}

void CaseLibraryWidget::buildActions()
{
    auto *toolBar = new QToolBar(this);
    toolBar->setAccessibleName(tr("Case actions"));

    m_markGoodAction =
            toolBar->addAction(tr("Mark &good"), this, [this] { markCurrent(CaseKind::Good); });
    m_markBadAction =
            toolBar->addAction(tr("Mark &bad"), this, [this] { markCurrent(CaseKind::Bad); });
    m_toggleActiveAction = new QAction(tr("&Toggle active"), this);
    connect(m_toggleActiveAction, &QAction::triggered, this,
            &CaseLibraryWidget::toggleCurrentActive);
    m_deleteAction = toolBar->addAction(tr("&Delete"), this, &CaseLibraryWidget::deleteCurrent);
    m_deleteAction->setToolTip(tr("Delete the case (undo brings it back)"));
    m_deleteAction->setShortcut(QKeySequence::Delete);
    // Delete in the SQL or notes editor edits text; only the table deletes cases.
    m_deleteAction->setShortcutContext(Qt::WidgetShortcut);
    m_view->addAction(m_deleteAction);
    toolBar->addSeparator();

    QAction *undo = m_undoStack->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    QAction *redo = m_undoStack->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts(
            {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    redo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(undo);
    addAction(redo);

    m_rerunAction = toolBar->addAction(tr("&Re-run"), this, &CaseLibraryWidget::rerunCurrent);
    m_rerunAction->setToolTip(tr("Run the case's SQL on its datasource"));
    m_importAction = new QAction(tr("&Import…"), this);
    connect(m_importAction, &QAction::triggered, this, &CaseLibraryWidget::chooseImportFile);
    m_importAction->setToolTip(tr("Import cases from a JSON Lines file"));
    m_exportAction = new QAction(tr("&Export…"), this);
    connect(m_exportAction, &QAction::triggered, this, &CaseLibraryWidget::chooseExportFile);
    m_exportAction->setToolTip(tr("Export the listed cases to a JSON Lines file"));

    // The bar holds what is used most on one case; the rest waits behind "More", so that the
    // bar fits a narrow dock in every language.
    auto *more = new QMenu(this);
    more->addAction(m_toggleActiveAction);
    more->addSeparator();
    more->addAction(undo);
    more->addAction(redo);
    more->addSeparator();
    more->addAction(m_importAction);
    more->addAction(m_exportAction);
    auto *moreButton = new QToolButton(toolBar);
    moreButton->setText(tr("More"));
    moreButton->setAccessibleName(tr("More case actions"));
    moreButton->setToolTip(tr("Toggle active, undo, redo, import and export"));
    moreButton->setMenu(more);
    moreButton->setPopupMode(QToolButton::InstantPopup);
    toolBar->addSeparator();
    toolBar->addWidget(moreButton);

    m_findAction = new QAction(tr("Find"), this);
    m_findAction->setShortcut(QKeySequence::Find);
    m_findAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_findAction, &QAction::triggered, this, [this] {
        m_search->setFocus(Qt::ShortcutFocusReason);
        m_search->selectAll();
    });
    addAction(m_findAction);

    static_cast<QVBoxLayout *>(layout())->insertWidget(0, toolBar);
}

CaseLibraryModel *CaseLibraryWidget::model() const
{
    return m_model;
}

QTableView *CaseLibraryWidget::view() const
{
    return m_view;
}

QUndoStack *CaseLibraryWidget::undoStack() const
{
    return m_undoStack;
}

CaseFilter CaseLibraryWidget::filter() const
{
    CaseFilter filter;
    if (m_kindBox->currentData().isValid())
        filter.kind = core::caseKindFromName(m_kindBox->currentData().toString());
    filter.errorClass = m_classBox->currentData().toString();
    filter.datasource = m_datasourceBox->currentData().toString();
    if (m_activeBox->currentData().isValid())
        filter.active = m_activeBox->currentData().toBool();
    filter.search = m_search->text();
    return filter;
}

void CaseLibraryWidget::setFilter(const CaseFilter &filter)
{
    const QSignalBlocker blockSearch(m_search);
    const QSignalBlocker blockKind(m_kindBox);
    const QSignalBlocker blockClass(m_classBox);
    const QSignalBlocker blockDatasource(m_datasourceBox);
    const QSignalBlocker blockActive(m_activeBox);
    m_search->setText(filter.search);
    m_kindBox->setCurrentIndex(filter.kind ? m_kindBox->findData(core::caseKindName(*filter.kind))
                                           : 0);
    m_classBox->setCurrentIndex(
            filter.errorClass.isEmpty() ? 0 : qMax(0, m_classBox->findData(filter.errorClass)));
    if (!filter.datasource.isEmpty() && m_datasourceBox->findData(filter.datasource) < 0)
        m_datasourceBox->addItem(filter.datasource, filter.datasource);
    m_datasourceBox->setCurrentIndex(
            filter.datasource.isEmpty() ? 0 : m_datasourceBox->findData(filter.datasource));
    m_activeBox->setCurrentIndex(filter.active ? m_activeBox->findData(*filter.active) : 0);
    m_searchTimer.stop();
    refresh();
}

void CaseLibraryWidget::refresh()
{
    m_changeTimer.stop();
    const quint64 generation = ++m_generation;
    requestStarted();
    std::function<Result<CaseListing>(CaseStore &)> job = [jobs = m_jobs,
                                                           filter = filter()](CaseStore &store) {
        return jobs->list(store, filter);
    };
    core::onFinished(m_store->submit(std::move(job)), this,
                     [this, generation](const QFuture<Result<CaseListing>> &done) {
                         takeList(generation, answerOf(done));
                     });
}

bool CaseLibraryWidget::isBusy() const
{
    return m_pending > 0 || m_changeTimer.isActive();
}

bool CaseLibraryWidget::isStoreOpen() const
{
    return m_storeOpen;
}

QString CaseLibraryWidget::statusText() const
{
    return m_status->text();
}

QString CaseLibraryWidget::importReportText() const
{
    return m_report->toPlainText();
}

void CaseLibraryWidget::requestStarted()
{
    ++m_pending;
}

void CaseLibraryWidget::requestFinished()
{
    m_pending = qMax(0, m_pending - 1);
}

void CaseLibraryWidget::setStatus(const QString &text)
{
    m_status->setText(text);
}

void CaseLibraryWidget::takeStoreState(bool open, const QString &displayName, const QString &error)
{
    // Announced when it changes, not on every listing.
    if (m_storeKnown && open == m_storeOpen && (!open || displayName == m_storeName))
        return;
    const bool reopened = open && !m_storeName.isEmpty() && m_storeName != displayName;
    m_storeKnown = true;
    m_storeOpen = open;
    if (open && !displayName.isEmpty())
        m_storeName = displayName;
    if (open && m_storeName.isEmpty())
        return; // opened; the listing that follows names it
    setStatus(open ? tr("Case store: %1").arg(m_storeName)
                   : tr("Cannot open the case store: %1").arg(error));
    if (reopened)
        m_undoStack->clear(); // its steps were made on another store
    updateActions();
    Q_EMIT storeOpened(open ? m_storeName : QString(), error);
}

void CaseLibraryWidget::takeList(quint64 generation, const Result<CaseListing> &listing)
{
    requestFinished();
    if (generation != m_generation)
        return; // a newer request is on its way
    if (!listing) {
        if (listing.error().code == u"not_open"_s) {
            takeStoreState(false, QString(), listing.error().message);
            m_model->setCases({});
            m_count->setText(tr("%n case(s)", nullptr, 0));
        } else if (m_storeOpen) {
            setStatus(tr("Cannot list the cases: %1").arg(listing.error().message));
        }
        return;
    }
    takeStoreState(true, listing->storeName, QString());
    const QList<CaseRecord> &cases = listing->cases;
    setDatasources(listing->datasources);
    const qint64 selected = m_selectedId;
    m_model->setCases(cases);
    m_selectedId = selected;
    const int row = m_model->rowOfId(selected);
    if (row >= 0)
        m_view->setCurrentIndex(m_model->index(row, CaseLibraryModel::QuestionColumn));
    else
        m_selectedId = 0;
    showCurrentCase();
    m_count->setText(tr("%n case(s)", nullptr, int(cases.size())));
    Q_EMIT casesListed();
}

void CaseLibraryWidget::setDatasources(const QStringList &datasources)
{
    const QString current = m_datasourceBox->currentData().toString();
    const QSignalBlocker blocker(m_datasourceBox);
    while (m_datasourceBox->count() > 1)
        m_datasourceBox->removeItem(1);
    for (const QString &name : datasources)
        m_datasourceBox->addItem(name, name);
    // A filter on a datasource that has no cases left stays as chosen.
    if (!current.isEmpty() && m_datasourceBox->findData(current) < 0)
        m_datasourceBox->addItem(current, current);
    m_datasourceBox->setCurrentIndex(current.isEmpty() ? 0 : m_datasourceBox->findData(current));
}

qint64 CaseLibraryWidget::currentCaseId() const
{
    return m_selectedId;
}

bool CaseLibraryWidget::selectCase(qint64 id)
{
    const int row = m_model->rowOfId(id);
    if (row < 0)
        return false;
    m_view->setCurrentIndex(m_model->index(row, CaseLibraryModel::QuestionColumn));
    return true;
}

CaseRecord CaseLibraryWidget::currentCase() const
{
    return m_model->caseAt(m_model->rowOfId(m_selectedId));
}

void CaseLibraryWidget::showCurrentCase()
{
    const CaseRecord record = currentCase();
    m_question->setText(record.question.size() > questionLength
                                ? record.question.left(questionLength - 1) + QChar(0x2026)
                                : record.question);
    // Keep what a person is typing when the same case is listed again.
    const bool sameCase = m_editorCaseId == record.id;
    if (!sameCase || !m_sqlEditor->document()->isModified()) {
        m_sqlEditor->setPlainText(record.sql);
        m_sqlEditor->document()->setModified(false);
    }
    if (!sameCase || !m_notesEditor->document()->isModified()) {
        m_notesEditor->setPlainText(record.notes);
        m_notesEditor->document()->setModified(false);
    }
    m_editorCaseId = record.id;
    updateActions();
}

void CaseLibraryWidget::updateActions()
{
    const CaseRecord record = currentCase();
    const bool hasCase = m_storeOpen && record.id != 0;
    m_markGoodAction->setEnabled(hasCase && record.kind != CaseKind::Good);
    m_markBadAction->setEnabled(hasCase && record.kind != CaseKind::Bad);
    m_toggleActiveAction->setEnabled(hasCase);
    m_toggleActiveAction->setText(record.active || !hasCase ? tr("Deac&tivate") : tr("Ac&tivate"));
    m_deleteAction->setEnabled(hasCase);
    m_rerunAction->setEnabled(hasCase);
    m_sqlEditor->setEnabled(hasCase);
    m_notesEditor->setEnabled(hasCase);
    m_applySqlButton->setEnabled(hasCase);
    m_saveNotesButton->setEnabled(hasCase);
    m_importAction->setEnabled(m_storeOpen && !m_importing);
    m_exportAction->setEnabled(m_storeOpen);
}

void CaseLibraryWidget::pushEdit(Operation operation, const CaseRecord &after)
{
    const CaseRecord before = currentCase();
    if (before.id == 0)
        return;
    m_undoStack->push(new CaseLibraryCommand(
            operation, before, after, [this](const CaseLibraryEdit &edit) { sendEdit(edit); }));
}

// The store would refuse it: say why now, and keep the undo stack free of a step that never
// happened.
bool CaseLibraryWidget::refuseInvalid(const CaseRecord &after)
{
    if (after.kind != CaseKind::Good || !after.sql.trimmed().isEmpty())
        return false;
    setStatus(tr("A good case needs its SQL: case %1 was not changed.").arg(after.id));
    Q_EMIT editFailed(statusText());
    return true;
}

void CaseLibraryWidget::markCurrent(CaseKind kind)
{
    CaseRecord after = currentCase();
    if (after.id == 0 || after.kind == kind)
        return;
    after.kind = kind;
    if (!refuseInvalid(after))
        pushEdit(Operation::SetKind, after);
}

void CaseLibraryWidget::setCurrentSql(const QString &sql)
{
    CaseRecord after = currentCase();
    if (after.id == 0 || after.sql == sql)
        return;
    after.sql = sql;
    if (refuseInvalid(after))
        return;
    m_sqlEditor->document()->setModified(false);
    pushEdit(Operation::SetSql, after);
}

void CaseLibraryWidget::toggleCurrentActive()
{
    CaseRecord after = currentCase();
    if (after.id == 0)
        return;
    after.active = !after.active;
    pushEdit(Operation::SetActive, after);
}

void CaseLibraryWidget::setCurrentNotes(const QString &notes)
{
    CaseRecord after = currentCase();
    if (after.id == 0 || after.notes == notes)
        return;
    after.notes = notes;
    m_notesEditor->document()->setModified(false);
    pushEdit(Operation::SetNotes, after);
}

void CaseLibraryWidget::deleteCurrent()
{
    const CaseRecord record = currentCase();
    if (record.id == 0)
        return;
    pushEdit(Operation::Remove, record);
}

void CaseLibraryWidget::rerunCurrent()
{
    const CaseRecord record = currentCase();
    if (record.id == 0)
        return;
    const QString sql = m_sqlEditor->toPlainText();
    Q_EMIT rerunRequested(sql.trimmed().isEmpty() ? record.sql : sql, record.datasource);
}

void CaseLibraryWidget::sendEdit(const CaseLibraryEdit &edit)
{
    applyLocally(edit);
    ++m_ticket;
    requestStarted();
    std::function<Result<core::Done>(CaseStore &)> job = [jobs = m_jobs, edit](CaseStore &store) {
        return jobs->apply(store, edit);
    };
    core::onFinished(m_store->submit(std::move(job), true), this,
                     [this, edit](const QFuture<Result<core::Done>> &done) {
                         const Result<core::Done> applied = answerOf(done);
                         takeEdit(edit, applied ? QString() : applied.error().message);
                     });
}

void CaseLibraryWidget::sendEdits(const QList<CaseLibraryEdit> &edits)
{
    requestStarted();
    std::function<Result<int>(CaseStore &)> job = [jobs = m_jobs, edits](CaseStore &store) {
        return jobs->applyAll(store, edits);
    };
    core::onFinished(m_store->submit(std::move(job), true), this,
                     [this](const QFuture<Result<int>> &done) {
                         requestFinished();
                         const Result<int> refused = answerOf(done);
                         if (!refused) {
                             setStatus(tr("The change failed: %1").arg(refused.error().message));
                             Q_EMIT editFailed(refused.error().message);
                         } else if (refused.value() > 0) {
                             setStatus(tr("%n case(s) had changed meanwhile and were left as "
                                          "they are.",
                                          nullptr, refused.value()));
                         }
                         refresh();
                     });
}

// The view follows a change at once, so that the next step (or its undo) starts from it; the
// list that follows the store's answer is the truth.
void CaseLibraryWidget::applyLocally(const CaseLibraryEdit &edit)
{
    const int row = m_model->rowOfId(edit.record.id);
    if (row < 0 || edit.operation == Operation::Restore)
        return;
    QList<CaseRecord> cases = m_model->cases();
    if (edit.operation == Operation::Remove) {
        cases.removeAt(row);
    } else {
        CaseRecord &record = cases[row];
        switch (edit.operation) {
        case Operation::SetKind:
            record.kind = edit.record.kind;
            break;
        case Operation::SetSql:
            record.sql = edit.record.sql;
            break;
        case Operation::SetActive:
            record.active = edit.record.active;
            break;
        case Operation::SetNotes:
            record.notes = edit.record.notes;
            break;
        case Operation::Remove:
        case Operation::Restore:
            break;
        }
        record.origin = core::CaseOrigin::Curated;
    }
    const qint64 selected = m_selectedId;
    m_model->setCases(std::move(cases));
    m_selectedId = selected;
    const int selectedRow = m_model->rowOfId(selected);
    if (selectedRow >= 0)
        m_view->setCurrentIndex(m_model->index(selectedRow, CaseLibraryModel::QuestionColumn));
    else
        m_selectedId = 0;
    showCurrentCase();
}

void CaseLibraryWidget::takeEdit(const CaseLibraryEdit &edit, const QString &error)
{
    requestFinished();
    if (!error.isEmpty()) {
        setStatus(tr("The change to case %1 failed: %2").arg(edit.record.id).arg(error));
        Q_EMIT editFailed(error);
    } else if (edit.operation == Operation::Restore) {
        m_selectedId = edit.record.id; // an undone deletion brings its case back into view
    }
    refresh();
}

void CaseLibraryWidget::importFrom(const QString &path)
{
    if (!m_storeOpen || m_importing)
        return;
    m_importing = true;
    m_report->clear();
    m_report->hide();
    m_progress->setValue(0);
    m_progress->show();
    setStatus(tr("Importing %1…").arg(QDir::toNativeSeparators(path)));
    updateActions();
    m_importTotal = {};
    m_imported.clear();
    requestStarted();
    importNext({path, 0, 1});
}

void CaseLibraryWidget::importNext(const ImportCursor &cursor)
{
    std::function<Result<ImportStep>(CaseStore &)> job = [jobs = m_jobs, cursor](CaseStore &store) {
        return jobs->importStep(store, cursor);
    };
    core::onFinished(m_store->submit(std::move(job), true), this,
                     [this](const QFuture<Result<ImportStep>> &done) {
                         const Result<ImportStep> step = answerOf(done);
                         if (!step) {
                             finishImport(step.error().message);
                             return;
                         }
                         takeImportStep(step.value());
                     });
}

void CaseLibraryWidget::takeImportStep(const ImportStep &step)
{
    m_importTotal.imported += step.report.imported;
    m_importTotal.renumbered += step.report.renumbered;
    m_importTotal.skipped += step.report.skipped;
    m_importTotal.problems += step.report.problems;
    m_importTotal.ids += step.report.ids;
    m_imported += step.imported;
    m_progress->setValue(step.bytesTotal > 0
                                 ? int(step.next.offset * progressSteps / step.bytesTotal)
                                 : progressSteps);
    if (step.done)
        finishImport(QString());
    else
        importNext(step.next);
}

void CaseLibraryWidget::finishImport(const QString &error)
{
    // Undo deletes what this import stored; a partial import too.
    if (!m_imported.isEmpty()) {
        m_undoStack->push(new CaseImportCommand(
                std::exchange(m_imported, {}),
                [this](const QList<CaseLibraryEdit> &edits) { sendEdits(edits); }));
    }
    takeImport(std::exchange(m_importTotal, {}), error);
}

void CaseLibraryWidget::takeImport(const core::ImportReport &report, const QString &error)
{
    requestFinished();
    m_importing = false;
    m_progress->hide();
    QStringList lines;
    for (const core::ImportProblem &problem : report.problems) {
        if (lines.size() == reportedProblems)
            break;
        lines.append(tr("Line %1: %2").arg(QString::number(problem.line), problem.reason));
    }
    if (report.problems.size() > reportedProblems) {
        lines.append(tr("… and %n more bad line(s)", nullptr,
                        int(report.problems.size() - reportedProblems)));
    }
    m_report->setPlainText(lines.join(u'\n'));
    m_report->setVisible(!lines.isEmpty());

    QString summary = tr("Imported %n case(s).", nullptr, int(report.imported));
    if (report.renumbered > 0)
        summary =
                tr("%1 %n got a new id because theirs was taken.", nullptr, int(report.renumbered))
                        .arg(summary);
    if (report.skipped > 0)
        summary = tr("%1 %n skipped: the store has them already.", nullptr, int(report.skipped))
                          .arg(summary);
    if (!report.problems.isEmpty())
        summary = tr("%1 %n bad line(s) skipped (listed below).", nullptr,
                     int(report.problems.size()))
                          .arg(summary);
    if (!error.isEmpty())
        summary = tr("%1 The import stopped: %2").arg(summary, error);
    setStatus(summary);
    updateActions();
    refresh();
    Q_EMIT importFinished(report, error);
}

void CaseLibraryWidget::exportTo(const QString &path)
{
    if (!m_storeOpen)
        return;
    setStatus(tr("Exporting to %1…").arg(QDir::toNativeSeparators(path)));
    requestStarted();
    std::function<Result<qint64>(CaseStore &)> job = [path, filter = filter()](CaseStore &store) {
        return CaseLibraryJobs::exportFile(store, path, filter);
    };
    core::onFinished(m_store->submit(std::move(job)), this,
                     [this, path](const QFuture<Result<qint64>> &done) {
                         const Result<qint64> count = answerOf(done);
                         takeExport(count ? count.value() : 0, path,
                                    count ? QString() : count.error().message);
                     });
}

void CaseLibraryWidget::takeExport(qint64 count, const QString &path, const QString &error)
{
    requestFinished();
    if (error.isEmpty()) {
        setStatus(tr("Exported %n case(s) to %1.", nullptr, int(count))
                          .arg(QDir::toNativeSeparators(path)));
    } else {
        setStatus(tr("The export failed: %1").arg(error));
    }
    Q_EMIT exportFinished(count, path, error);
}

void CaseLibraryWidget::chooseImportFile()
{
    auto *dialog = new QFileDialog(this, tr("Import cases"), QString(),
                                   tr("JSON Lines (*.jsonl *.ndjson);;All files (*)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setAcceptMode(QFileDialog::AcceptOpen);
    connect(dialog, &QFileDialog::fileSelected, this, &CaseLibraryWidget::importFrom);
    dialog->open();
}

void CaseLibraryWidget::chooseExportFile()
{
    auto *dialog = new QFileDialog(this, tr("Export cases"), QString(),
                                   tr("JSON Lines (*.jsonl);;All files (*)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::AnyFile);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(u"jsonl"_s);
    connect(dialog, &QFileDialog::fileSelected, this, &CaseLibraryWidget::exportTo);
    dialog->open();
}

} // namespace sqlmend::ui
